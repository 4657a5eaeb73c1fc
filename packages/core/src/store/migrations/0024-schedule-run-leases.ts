import { type Kysely, type Migration, sql } from 'kysely';

/**
 * A scheduled run holds a lease while it works, extended by its process: one whose lease lapsed
 * lost its process (a crash, a kill) and neither blocks the schedule's next runs nor stays
 * `running`. Runs already running keep the old rule's limit (16 minutes from their start).
 */
export const scheduleRunLeasesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('schedule_runs').addColumn('lease_until', 'timestamptz').execute();
    await sql`update schedule_runs set lease_until = started_at + interval '16 minutes'
      where status = 'running'`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('schedule_runs').dropColumn('lease_until').execute();
  },
};
