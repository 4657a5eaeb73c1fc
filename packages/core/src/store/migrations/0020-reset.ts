import { type Kysely, type Migration, sql } from 'kysely';

/**
 * The Panic Reset journal: one row per reset, advanced after every step, so a process killed
 * mid-reset finishes it at the next start. It survives resets (it is governance, not memory).
 */
export const resetMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('reset_runs')
      .addColumn('run_id', 'text', (c) => c.primaryKey())
      .addColumn('actor', 'text', (c) => c.notNull())
      .addColumn('started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
      // The last step completed: 0 before the first one, 6 when the audit entry is written.
      .addColumn('step', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('status', 'text', (c) =>
        c.notNull().check(sql`status in ('running', 'done', 'failed')`),
      )
      // What each completed step reported (name, duration, detail), by step number.
      .addColumn('steps', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('error', 'text')
      .addColumn('finished_at', 'timestamptz')
      .execute();
    // At most one reset runs at a time, across replicas.
    await sql`create unique index reset_runs_one_running on reset_runs ((true)) where status = 'running'`.execute(
      db,
    );
  },
};
