import { type Kysely, type Migration, sql } from 'kysely';

/** The log of integration calls: counts, error rates, last errors and recent calls per connector. */
export const integrationsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('integration_calls')
      .addColumn('call_id', 'text', (c) => c.primaryKey())
      .addColumn('integration_id', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('source', 'text', (c) =>
        c.notNull().check(sql`source in ('api', 'skill', 'test')`),
      )
      .addColumn('actor', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('ok', 'error')`))
      .addColumn('error', 'text')
      .addColumn('message', 'text')
      .addColumn('http_status', 'integer')
      .addColumn('duration_ms', 'integer', (c) => c.notNull())
      .addColumn('request_id', 'text')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
      .execute();
    await db.schema
      .createIndex('integration_calls_recent')
      .on('integration_calls')
      .columns(['integration_id', 'created_at desc'])
      .execute();
    await db.schema
      .createIndex('integration_calls_created')
      .on('integration_calls')
      .column('created_at')
      .execute();
  },
};
