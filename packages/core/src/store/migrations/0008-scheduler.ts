import { type Kysely, type Migration, sql } from 'kysely';

/** Tables of recurring tasks, one-off tasks, reminders and monitors. */
export const schedulerMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('schedules')
      .addColumn('schedule_id', 'text', (c) => c.primaryKey())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
      .addColumn('cron', 'text')
      .addColumn('time_zone', 'text', (c) => c.notNull().defaultTo('UTC'))
      .addColumn('run_at', 'timestamptz')
      .addColumn('action', 'jsonb')
      .addColumn('message', 'text')
      .addColumn('url', 'text')
      .addColumn('monitor_check', 'text')
      .addColumn('interval_seconds', 'integer')
      .addColumn('expected_status', 'integer')
      // A monitor's state: what the last check saw, and when it last changed.
      .addColumn('monitor_state', 'text')
      .addColumn('monitor_status', 'integer')
      .addColumn('content_hash', 'text')
      .addColumn('monitor_error', 'text')
      .addColumn('last_checked_at', 'timestamptz')
      .addColumn('last_change_at', 'timestamptz')
      // The occurrence that is queued (the worker's claim compares against it) and its job.
      .addColumn('next_run_at', 'timestamptz')
      .addColumn('queued_job_id', 'text')
      .addColumn('last_run_at', 'timestamptz')
      .addColumn('last_status', 'text')
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
      .execute();
    await db.schema
      .createIndex('schedules_kind_created')
      .on('schedules')
      .columns(['kind', 'created_at desc'])
      .execute();
    await db.schema
      .createIndex('schedules_created')
      .on('schedules')
      .columns(['created_at desc'])
      .execute();

    await db.schema
      .createTable('schedule_runs')
      .addColumn('run_id', 'text', (c) => c.primaryKey())
      .addColumn('schedule_id', 'text', (c) =>
        c.notNull().references('schedules.schedule_id').onDelete('cascade'),
      )
      .addColumn('due_at', 'timestamptz', (c) => c.notNull())
      .addColumn('trigger', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
      .addColumn('finished_at', 'timestamptz')
      .addColumn('request_id', 'text')
      .addColumn('error', 'text')
      .addColumn('detail', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
      // One run per occurrence, whichever replica's worker gets there first.
      .addUniqueConstraint('schedule_runs_occurrence', ['schedule_id', 'due_at'])
      .execute();
    await db.schema
      .createIndex('schedule_runs_schedule_started')
      .on('schedule_runs')
      .columns(['schedule_id', 'started_at desc', 'run_id desc'])
      .execute();
    await db.schema
      .createIndex('schedule_runs_running')
      .on('schedule_runs')
      .column('started_at')
      .where(sql.ref('status'), '=', 'running')
      .execute();
  },
};
