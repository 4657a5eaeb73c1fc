import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../store/database.js';
import type { KvStore } from '../../store/kv/kv-store.js';
import { SharedCache } from '../../store/kv/shared-cache.js';
import { PendingWrites } from '../../store/pending-writes.js';
import { type Identity, levelFor } from './identity.schema.js';
import './identity.tables.js';

export const DEFAULT_IDENTITY = {
  name: 'Agent',
  persona:
    'A careful, capable assistant. It says what it is about to do, asks before risky actions, and never claims work it did not do.',
};

/** Who the agent is, without its experience (which changes with every request). */
export type IdentityProfile = Pick<Identity, 'name' | 'persona'>;

/**
 * The update of `addXp`, on its own or as a part of a larger statement (the exchange journal's
 * batch, where `amount` is a subquery): the row is left alone when there is nothing to add.
 */
export function addXpSql(amount: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`update identity set total_xp = total_xp + xp.amount
    from (select (${amount}) as amount) xp where id = 1 and xp.amount > 0`;
}

/** The agent's one identity row: who it is and how much work it has completed. */
export class IdentityService {
  private readonly cachedProfile: SharedCache<IdentityProfile>;

  constructor(
    private readonly db: Kysely<Database>,
    kv: KvStore,
    private readonly pending = new PendingWrites(),
  ) {
    this.cachedProfile = new SharedCache(kv, 'identity-changed', () =>
      this.db
        .selectFrom('identity')
        .select(['name', 'persona'])
        .where('id', '=', 1)
        .executeTakeFirstOrThrow(),
    );
  }

  /** Name and persona for the system prompt: held in memory until an update on any replica. */
  profile(): Promise<IdentityProfile> {
    return this.cachedProfile.get();
  }

  /** Creates the row on first boot; later boots leave it as it is. */
  async ensure(): Promise<void> {
    await this.db
      .insertInto('identity')
      .values({ id: 1, ...DEFAULT_IDENTITY })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }

  async get(): Promise<Identity> {
    // The XP of requests already answered may still be in the exchange journal's buffer.
    await this.pending.settle('identity');
    const row = await this.db
      .selectFrom('identity')
      .selectAll()
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    const totalXp = Number(row.total_xp);
    const { level, nextLevelXp } = levelFor(totalXp);
    return {
      name: row.name,
      persona: row.persona,
      born_at: new Date(row.born_at).toISOString(),
      total_xp: totalXp,
      level,
      next_level_xp: nextLevelXp,
    };
  }

  async update(patch: {
    name?: string | undefined;
    persona?: string | undefined;
  }): Promise<Identity> {
    await this.db
      .updateTable('identity')
      .set({
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.persona !== undefined ? { persona: patch.persona } : {}),
        updated_at: new Date(),
      })
      .where('id', '=', 1)
      .execute();
    await this.cachedProfile.changed();
    return this.get();
  }

  /** Atomic, so concurrent requests never lose each other's XP. */
  async addXp(amount: number): Promise<void> {
    if (amount <= 0) return;
    await addXpSql(sql`${amount}::integer`).execute(this.db);
  }
}
