import { type Kysely, type Migration, sql } from 'kysely';

export const auditMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('audit_log')
      .addColumn('id', 'text', (c) => c.primaryKey())
      // clock_timestamp(), not now(): rows of one batch get distinct, increasing times.
      .addColumn('ts', 'timestamptz', (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('actor', 'text', (c) => c.notNull())
      .addColumn('target', 'text')
      .addColumn('detail', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
      .addColumn('exit_code', 'integer')
      .addColumn('error', 'text')
      .addColumn('goal_id', 'text')
      .addColumn('request_id', 'text')
      .execute();
    await db.schema
      .createIndex('audit_log_ts_id')
      .on('audit_log')
      .columns(['ts desc', 'id desc'])
      .execute();
    await db.schema
      .createIndex('audit_log_action_ts_id')
      .on('audit_log')
      .columns(['action', 'ts desc', 'id desc'])
      .execute();
  },
};
