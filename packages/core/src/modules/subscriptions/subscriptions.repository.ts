import { type Insertable, type Kysely, type Selectable, sql, type Updateable } from 'kysely';
import type { Database } from '../../store/database.js';
import type { SubscriptionKind, SubscriptionsTable } from './subscriptions.tables.js';
import './subscriptions.tables.js';

export type SubscriptionRow = Selectable<SubscriptionsTable>;
export type SubscriptionChanges = Updateable<SubscriptionsTable>;

const now = sql<Date>`clock_timestamp()`;

/** Subscriptions and their polling state. Every write that races another replica is a compare-and-set. */
export class SubscriptionsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Null when a feed with that URL exists already (the unique index decides races). */
  async insert(row: Insertable<SubscriptionsTable>): Promise<SubscriptionRow | null> {
    const inserted = await this.db
      .insertInto('subscriptions')
      .values(row)
      .onConflict((oc) => oc.column('url').where(sql<boolean>`kind = 'feed'`).doNothing())
      .returningAll()
      .executeTakeFirst();
    return inserted ?? null;
  }

  async get(id: string): Promise<SubscriptionRow | null> {
    const row = await this.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('subscription_id', '=', id)
      .executeTakeFirst();
    return row ?? null;
  }

  async findFeedByUrl(url: string): Promise<SubscriptionRow | null> {
    const row = await this.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('kind', '=', 'feed')
      .where('url', '=', url)
      .executeTakeFirst();
    return row ?? null;
  }

  async list(kind?: SubscriptionKind): Promise<SubscriptionRow[]> {
    let query = this.db
      .selectFrom('subscriptions')
      .selectAll()
      .orderBy('created_at')
      .orderBy('subscription_id');
    if (kind) query = query.where('kind', '=', kind);
    return query.execute();
  }

  async update(id: string, changes: SubscriptionChanges): Promise<SubscriptionRow | null> {
    const row = await this.db
      .updateTable('subscriptions')
      .set({ ...changes, updated_at: now })
      .where('subscription_id', '=', id)
      .returningAll()
      .executeTakeFirst();
    return row ?? null;
  }

  async delete(id: string): Promise<SubscriptionRow | null> {
    const row = await this.db
      .deleteFrom('subscriptions')
      .where('subscription_id', '=', id)
      .returningAll()
      .executeTakeFirst();
    return row ?? null;
  }

  /**
   * Takes a due poll: moves next_check_at from `due` to `next` if it is still `due` and the
   * subscription is enabled. Null when another replica took it, or it was changed or removed.
   */
  async claimDue(id: string, due: Date, next: Date): Promise<SubscriptionRow | null> {
    const row = await this.db
      .updateTable('subscriptions')
      .set({ next_check_at: next })
      .where('subscription_id', '=', id)
      .where('enabled', '=', true)
      .where('next_check_at', '=', due)
      .returningAll()
      .executeTakeFirst();
    return row ?? null;
  }

  /** Moves the due time if it is still `from`; false when something else moved it first. */
  async moveDue(id: string, from: Date, to: Date): Promise<boolean> {
    const result = await this.db
      .updateTable('subscriptions')
      .set({ next_check_at: to })
      .where('subscription_id', '=', id)
      .where('next_check_at', '=', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async enabledSchedules(): Promise<{ subscription_id: string; next_check_at: Date }[]> {
    return this.db
      .selectFrom('subscriptions')
      .select(['subscription_id', 'next_check_at'])
      .where('enabled', '=', true)
      .execute();
  }

  async recordSuccess(
    id: string,
    changes: SubscriptionChanges = {},
  ): Promise<SubscriptionRow | null> {
    const row = await this.db
      .updateTable('subscriptions')
      .set({
        ...changes,
        last_checked_at: now,
        last_success_at: now,
        last_error: null,
        consecutive_failures: 0,
      })
      .where('subscription_id', '=', id)
      .returningAll()
      .executeTakeFirst();
    return row ?? null;
  }

  async recordFailure(id: string, error: string): Promise<SubscriptionRow | null> {
    const row = await this.db
      .updateTable('subscriptions')
      .set((eb) => ({
        last_checked_at: now,
        last_error: error,
        consecutive_failures: eb('consecutive_failures', '+', 1),
      }))
      .where('subscription_id', '=', id)
      .returningAll()
      .executeTakeFirst();
    return row ?? null;
  }

  /**
   * Records a price beyond the threshold. `fired` is true for exactly one caller per crossing:
   * the update that turns `triggered` from false to true.
   */
  async recordBeyond(
    id: string,
    price: number,
  ): Promise<{ row: SubscriptionRow | null; fired: boolean }> {
    const fired = await this.db
      .updateTable('subscriptions')
      .set({ triggered: true, triggered_at: now, last_price: price })
      .where('subscription_id', '=', id)
      .where('triggered', '=', false)
      .returningAll()
      .executeTakeFirst();
    if (fired) return { row: fired, fired: true };
    return { row: await this.update(id, { last_price: price }), fired: false };
  }

  /** Records a price on the near side of the threshold: the alert is armed again. */
  async recordWithin(id: string, price: number): Promise<SubscriptionRow | null> {
    return this.update(id, { triggered: false, last_price: price });
  }
}
