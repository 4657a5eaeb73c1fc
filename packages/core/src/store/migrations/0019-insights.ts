import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Automation opportunities found in the traces (with the operator's decisions on them), the
 * agent's computed self-model, and an index over the traces that ran skills.
 */
export const insightsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('candidates')
      .addColumn('candidate_id', 'text', (c) => c.primaryKey())
      // What makes two detections the same opportunity: a dismissed one stays dismissed.
      .addColumn('fingerprint', 'text', (c) => c.notNull().unique())
      .addColumn('kind', 'text', (c) =>
        c.notNull().check(sql`kind in ('schedule', 'monitor', 'subscription', 'rule')`),
      )
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('evidence', 'jsonb', (c) => c.notNull())
      .addColumn('proposal', 'jsonb', (c) => c.notNull())
      .addColumn('support', 'integer', (c) => c.notNull())
      .addColumn('status', 'text', (c) =>
        c.notNull().check(sql`status in ('open', 'accepted', 'dismissed', 'snoozed')`),
      )
      .addColumn('evidence_at', 'timestamptz', (c) => c.notNull())
      .addColumn('snoozed_until', 'timestamptz')
      .addColumn('decided_at', 'timestamptz')
      .addColumn('decided_by', 'text')
      .addColumn('result', 'jsonb')
      .addColumn('first_seen_at', 'timestamptz', (c) =>
        c.notNull().defaultTo(sql`clock_timestamp()`),
      )
      .addColumn('last_seen_at', 'timestamptz', (c) =>
        c.notNull().defaultTo(sql`clock_timestamp()`),
      )
      .execute();
    await db.schema
      .createIndex('candidates_status')
      .on('candidates')
      .columns(['status', 'support desc'])
      .execute();

    // One row: reset to '{}' by a Panic Reset, recomputed from the traces on the next read.
    await db.schema
      .createTable('self_model')
      .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
      .addColumn('model', 'jsonb', (c) => c.notNull())
      .addColumn('computed_at', 'timestamptz')
      .execute();
    await sql`insert into self_model (id, model) values (1, '{}'::jsonb)`.execute(db);

    // Most traces (fast path) run no skill; the step miners scan only those that did.
    await sql`create index traces_with_steps on traces (created_at) where steps <> '[]'::jsonb`.execute(
      db,
    );
  },
};
