import { type Kysely, type Migration, sql } from 'kysely';

/** Tables of feeds, price alerts and the items already seen. */
export const subscriptionsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('subscriptions')
      .addColumn('subscription_id', 'text', (c) => c.primaryKey())
      .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('feed', 'price_alert')`))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
      .addColumn('interval_seconds', 'integer', (c) => c.notNull())
      .addColumn('created_by', 'text', (c) => c.notNull())
      // Feeds: the address and the validators of the last answer, for conditional requests.
      .addColumn('url', 'text')
      .addColumn('etag', 'text')
      .addColumn('last_modified', 'text')
      // Price alerts: where the quote comes from and what crossing means.
      .addColumn('symbol', 'text')
      .addColumn('source', 'text')
      .addColumn('condition', 'text')
      .addColumn('threshold', 'double precision')
      .addColumn('url_template', 'text')
      .addColumn('json_path', 'text')
      .addColumn('last_price', 'double precision')
      // True from a crossing until the price is back on the other side (the alert is re-armed).
      .addColumn('triggered', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('triggered_at', 'timestamptz')
      // Polling: the due time doubles as the version of the scheduled job (see poll-scheduler.ts).
      .addColumn('next_check_at', 'timestamptz', (c) => c.notNull())
      .addColumn('last_checked_at', 'timestamptz')
      .addColumn('last_success_at', 'timestamptz')
      .addColumn('last_error', 'text')
      .addColumn('consecutive_failures', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
      .execute();
    await db.schema
      .createIndex('subscriptions_kind_created')
      .on('subscriptions')
      .columns(['kind', 'created_at', 'subscription_id'])
      .execute();
    // One subscription per feed address, even when two requests race.
    await db.schema
      .createIndex('subscriptions_feed_url')
      .on('subscriptions')
      .column('url')
      .unique()
      .where(sql.ref('kind'), '=', 'feed')
      .execute();

    await db.schema
      .createTable('subscription_items')
      .addColumn('item_id', 'text', (c) => c.primaryKey())
      .addColumn('subscription_id', 'text', (c) =>
        c.notNull().references('subscriptions.subscription_id').onDelete('cascade'),
      )
      // sha256 of the item's identity (guid, else link, else title and date): fixed length.
      .addColumn('item_key', 'text', (c) => c.notNull())
      .addColumn('guid', 'text')
      .addColumn('link', 'text')
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('published_at', 'timestamptz')
      .addColumn('announced', 'boolean', (c) => c.notNull())
      // Not foreign keys: notes and events belong to other modules (and a Panic Reset wipes notes).
      .addColumn('note_id', 'text')
      .addColumn('event_id', 'text')
      .addColumn('first_seen_at', 'timestamptz', (c) =>
        c.notNull().defaultTo(sql`clock_timestamp()`),
      )
      .addColumn('last_seen_at', 'timestamptz', (c) =>
        c.notNull().defaultTo(sql`clock_timestamp()`),
      )
      .addUniqueConstraint('subscription_items_key', ['subscription_id', 'item_key'])
      .execute();
    await db.schema
      .createIndex('subscription_items_seen')
      .on('subscription_items')
      .columns(['subscription_id', 'first_seen_at desc', 'item_id desc'])
      .execute();
  },
};
