import { type Kysely, type Migration, sql } from 'kysely';

/** What the event queues deliver: the event log and the operator's notifications. */
export const eventsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('event_log')
      .addColumn('event_id', 'text', (c) => c.primaryKey())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('detail', 'jsonb', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
      .execute();
    await db.schema
      .createIndex('event_log_created')
      .on('event_log')
      .columns(['created_at desc', 'event_id desc'])
      .execute();
    await db.schema
      .createIndex('event_log_kind_created')
      .on('event_log')
      .columns(['kind', 'created_at desc', 'event_id desc'])
      .execute();
    await db.schema
      .createTable('notifications')
      .addColumn('notification_id', 'text', (c) => c.primaryKey())
      .addColumn('event_id', 'text', (c) => c.notNull().unique())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('detail', 'jsonb', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
      .addColumn('read_at', 'timestamptz')
      .execute();
    await db.schema
      .createIndex('notifications_created')
      .on('notifications')
      .columns(['created_at desc'])
      .execute();
  },
};
