import { type Kysely, sql } from 'kysely';
import type { Cursor } from '../../http/paging.js';
import type { Database } from '../../store/database.js';
import { isoMicros } from '../../store/sql-time.js';
import { uuidv7 } from '../../util/uuid-v7.js';
import type { ItemView } from './subscriptions.schema.js';
import './subscriptions.tables.js';

export interface SeenItem {
  item_key: string;
  guid: string | null;
  link: string | null;
  title: string;
  published_at: Date | null;
  announced: boolean;
}

const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);

/** What was seen in each feed, so a poll raises only what is new. */
export class SubscriptionItemsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Records the items; returns the ids of those that were not seen before, by key. An item two
   * pollers record at once is new to exactly one of them.
   */
  async recordNew(subscriptionId: string, items: SeenItem[]): Promise<Map<string, string>> {
    if (items.length === 0) return new Map();
    const rows = await this.db
      .insertInto('subscription_items')
      .values(
        items.map((item) => ({ ...item, item_id: uuidv7(), subscription_id: subscriptionId })),
      )
      .onConflict((oc) => oc.columns(['subscription_id', 'item_key']).doNothing())
      .returning(['item_key', 'item_id'])
      .execute();
    return new Map(rows.map((row) => [row.item_key, row.item_id]));
  }

  /** Marks items as still present in the feed (they are forgotten after long absence). */
  async touch(subscriptionId: string, keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    await this.db
      .updateTable('subscription_items')
      .set({ last_seen_at: sql<Date>`clock_timestamp()` })
      .where('subscription_id', '=', subscriptionId)
      .where('item_key', 'in', keys)
      .execute();
  }

  async setOutcome(itemId: string, outcome: { note_id: string | null; event_id: string | null }) {
    await this.db
      .updateTable('subscription_items')
      .set(outcome)
      .where('item_id', '=', itemId)
      .execute();
  }

  async forgetOlderThan(subscriptionId: string, days: number): Promise<void> {
    await this.db
      .deleteFrom('subscription_items')
      .where('subscription_id', '=', subscriptionId)
      .where('last_seen_at', '<', sql<Date>`now() - make_interval(days => ${days})`)
      .execute();
  }

  async counts(): Promise<Map<string, number>> {
    const rows = await this.db
      .selectFrom('subscription_items')
      .select(['subscription_id', (eb) => eb.fn.countAll<string>().as('count')])
      .groupBy('subscription_id')
      .execute();
    return new Map(rows.map((row) => [row.subscription_id, Number(row.count)]));
  }

  async count(subscriptionId: string): Promise<number> {
    const row = await this.db
      .selectFrom('subscription_items')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('subscription_id', '=', subscriptionId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async byIds(itemIds: string[]): Promise<ItemView[]> {
    if (itemIds.length === 0) return [];
    const rows = await this.select().where('item_id', 'in', itemIds).execute();
    return rows.map(toView);
  }

  /** Newest first by when they were first seen, keyset-paged on (first_seen_at, item_id). */
  async page(subscriptionId: string, limit: number, cursor?: Cursor) {
    let query = this.select()
      .where('subscription_id', '=', subscriptionId)
      .orderBy('subscription_items.first_seen_at', 'desc')
      .orderBy('subscription_items.item_id', 'desc')
      .limit(limit + 1);
    if (cursor)
      query = query.where(({ eb, refTuple, tuple }) =>
        eb(
          refTuple('subscription_items.first_seen_at', 'subscription_items.item_id'),
          '<',
          tuple(sql<Date>`${cursor.ts}::timestamptz`, cursor.id),
        ),
      );
    const rows = await query.execute();
    const items = rows.slice(0, limit).map(toView);
    const last = items.at(-1);
    return {
      items,
      next_cursor: rows.length > limit && last ? `${last.first_seen_at}|${last.item_id}` : null,
    };
  }

  private select() {
    return this.db
      .selectFrom('subscription_items')
      .select([
        'item_id',
        'guid',
        'title',
        'link',
        'published_at',
        isoMicros('first_seen_at').as('first_seen_at'),
        'announced',
        'note_id',
        'event_id',
      ]);
  }
}

function toView(row: Omit<ItemView, 'published_at'> & { published_at: Date | null }): ItemView {
  return { ...row, published_at: iso(row.published_at) };
}
