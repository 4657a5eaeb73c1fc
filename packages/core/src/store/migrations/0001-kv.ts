import { type Kysely, type Migration, sql } from 'kysely';

/** The embedded key-value store: keys with optional expiry, and FIFO queues. */
export const kvMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('kv_entries')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'timestamptz')
      .execute();
    await db.schema
      .createIndex('kv_entries_expires_at')
      .on('kv_entries')
      .column('expires_at')
      .execute();
    await db.schema
      .createTable('kv_queue_items')
      .addColumn('id', 'bigserial', (c) => c.primaryKey())
      .addColumn('queue', 'text', (c) => c.notNull())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema
      .createIndex('kv_queue_items_queue_id')
      .on('kv_queue_items')
      .columns(['queue', 'id'])
      .execute();
  },
};
