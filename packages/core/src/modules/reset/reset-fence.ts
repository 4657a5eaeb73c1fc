import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../store/database.js';
import './reset.tables.js';

/** The fence as a writer's transaction finds it. */
export interface FenceReading {
  epoch: number;
  /** When the last wipe committed; null before the first. */
  fencedAt: Date | null;
}

/**
 * The reset epoch: how many Panic Resets have wiped the cognitive tables. Whatever a writer
 * holds back before storing it (a journal line, a buffered batch) is stamped with the epoch this
 * process knew when it was made, and the writer's transaction stores only records of the epoch
 * it reads under a share lock (`hold`). The wipe advances the epoch first thing in its own
 * transaction (`advance`), so a batch either commits before the wipe (and is wiped with the
 * rest) or reads the new epoch and drops what was made before it: nothing made before a reset
 * lands after it, on any replica, after any crash.
 */
export class ResetFence {
  private known = 0;
  private readonly advanceListeners: Array<(epoch: number) => Promise<void> | void> = [];

  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: FastifyBaseLogger,
    /**
     * Whether a writer's read of the fence takes a share lock. Where every transaction runs on
     * one session (the embedded store), none can interleave with a wipe's, and the lock (a
     * write to the row and its log) protects nothing.
     */
    readonly locks = true,
  ) {}

  /** The epoch this process stamps new records with. */
  get epoch(): number {
    return this.known;
  }

  /** Work to do once this process knows of a wipe (drop what it holds from before it). */
  onAdvance(listener: (epoch: number) => Promise<void> | void): void {
    this.advanceListeners.push(listener);
  }

  /** Reads the epoch again (at boot, and before work resumes after another replica's reset). */
  async refresh(): Promise<void> {
    const row = await this.db
      .selectFrom('reset_fence')
      .select('epoch')
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    await this.learn(Number(row.epoch));
  }

  /** Takes a newer epoch (from refresh, or from the wipe this process committed). */
  async learn(epoch: number): Promise<void> {
    if (epoch <= this.known) return;
    this.known = epoch;
    for (const listener of this.advanceListeners) {
      // What a listener fails to drop is still fenced off where it would be stored.
      await Promise.resolve()
        .then(() => listener(epoch))
        .catch((error: unknown) =>
          this.log.error(
            { err: error, epoch },
            'reset fence: dropping records from before a reset failed',
          ),
        );
    }
  }

  /**
   * Inside a writer's transaction: the fence as it stands, locked (unless `lock` is false, see
   * `locks`) so that no wipe commits before this transaction does.
   */
  static async hold(trx: Kysely<Database>, lock = true): Promise<FenceReading> {
    const locking = lock ? sql`for share` : sql``;
    const row = await sql<{ epoch: string; fenced_at: Date | null }>`
      ${ResetFence.row} ${locking}`.execute(trx);
    const found = row.rows[0];
    if (!found) throw new Error('the reset fence row is missing');
    return {
      epoch: Number(found.epoch),
      fencedAt: found.fenced_at ? new Date(found.fenced_at) : null,
    };
  }

  /** The fence's row (epoch, fenced_at), as a query or a part of a writer's statement. */
  static readonly row = sql`select epoch, fenced_at from reset_fence where id = 1`;

  /** The wipe's first statement, in its transaction: the next epoch. */
  static async advance(trx: Kysely<Database>): Promise<number> {
    const row = await sql<{ epoch: string }>`
      update reset_fence set epoch = epoch + 1, fenced_at = clock_timestamp()
      where id = 1 returning epoch`.execute(trx);
    return Number(row.rows[0]?.epoch);
  }

  /**
   * Whether a record made in `epoch` (null: written before records carried one, judged by its
   * time `madeAt` against the last wipe) is older than the fence: an expression over a row
   * `fence` of `row` beside the record's columns.
   */
  static stale(epoch: RawBuilder<unknown>, madeAt: RawBuilder<unknown>): RawBuilder<boolean> {
    return sql<boolean>`(case when ${epoch} is not null then ${epoch} < fence.epoch
      else fence.fenced_at is not null and ${madeAt} < fence.fenced_at end)`;
  }
}
