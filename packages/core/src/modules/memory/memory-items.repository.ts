import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import { ConflictError, NotFoundError } from '../../errors/app-error.js';
import type { Database } from '../../store/database.js';
import { jsonRows } from '../../store/json-rows.js';
import { isoMicros } from '../../store/sql-time.js';
import { uuidv7 } from '../../util/uuid-v7.js';
import type { ItemListQuery, MemoryEvent, MemoryItem } from './memory.schema.js';
import type { Actor, EventOp, ItemKind, ItemStatus, SourceKind } from './memory.tables.js';
import { assertPinnedBudget, assertWithinLimits, MEMORY_LIMITS } from './memory-limits.js';
import { contentHash, queryWords } from './text-match.js';
import './memory.tables.js';

type Db = Kysely<Database> | Transaction<Database>;

export interface NewItem {
  path: string;
  kind: ItemKind;
  text: string;
  pinned?: boolean;
  char_limit?: number | null;
  status: Extract<ItemStatus, 'active' | 'provisional'>;
  confidence: number;
  source_kind: SourceKind;
  source_ref?: string | null;
  request_id?: string | null;
  chat_id?: string | null;
  goal_id?: string | null;
  observation_id?: string | null;
  untrusted?: boolean;
  entity_ids?: string[];
  valid_at?: Date | null;
  created_by: Actor;
}

/** Who made a change and why: every change appends one event carrying this. */
export interface ChangeMeta {
  actor: Actor;
  actor_name?: string | null;
  request_id?: string | null;
  reason?: string | null;
}

export interface ItemEdit {
  text?: string;
  path?: string;
  kind?: ItemKind;
  confidence?: number;
  char_limit?: number;
}

/** The columns an item is read with (not its vector nor its full-text terms). */
export const ITEM_COLUMNS = [
  'id',
  'path',
  'kind',
  'text',
  'pinned',
  'char_limit',
  'status',
  'confidence',
  'source_kind',
  'source_ref',
  'request_id',
  'chat_id',
  'goal_id',
  'observation_id',
  'untrusted',
  'entity_ids',
  'content_hash',
  'superseded_by',
  'valid_at',
  'invalid_at',
  'created_by',
  isoMicros('memory_items.created_at').as('created_at'),
  isoMicros('memory_items.updated_at').as('updated_at'),
  'last_used_at',
  'use_count',
  'embedding_model',
] as const;

export const EVENT_COLUMNS = [
  'id',
  'item_id',
  'op',
  'old_text',
  'new_text',
  'old_status',
  'new_status',
  'actor',
  'actor_name',
  'request_id',
  'reason',
  'detail',
  isoMicros('memory_events.at').as('at'),
] as const;

const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();

type ItemRow = Omit<MemoryItem, 'chars' | 'valid_at' | 'invalid_at' | 'last_used_at'> & {
  valid_at: Date | null;
  invalid_at: Date | null;
  last_used_at: Date | null;
};

export function toItem(row: ItemRow): MemoryItem {
  return {
    ...row,
    chars: row.text.length,
    confidence: Number(row.confidence),
    valid_at: iso(row.valid_at),
    invalid_at: iso(row.invalid_at),
    last_used_at: iso(row.last_used_at),
  };
}

/** ITEM_COLUMNS for a statement written in SQL. */
const itemColumns = sql.join(
  ITEM_COLUMNS.map((column) => (typeof column === 'string' ? sql.ref(column) : column)),
);

/** An item that takes its character limit out of the pinned blocks' budget. */
const reservesBudget = (item: NewItem) => (item.pinned ?? false) && item.status === 'active';

/** The refusal of a text that a live item already holds. */
const duplicateOf = (twin: { id: string; path: string }) =>
  new ConflictError('duplicate', `Memory already holds this text (${twin.path})`, {
    item_id: twin.id,
  });

/** The unique index on pinned block paths refused the write. */
function isPathTaken(error: unknown): boolean {
  const pg = error as { code?: string; constraint?: string };
  return pg.code === '23505' && (pg.constraint ?? '').includes('block_path');
}

/**
 * Memory items and their event history. Every write goes through here, in one transaction
 * with its event, after the limits are checked: no caller (route, skill, extractor) can store
 * a block over its limit, and nothing is ever deleted, only retracted or superseded.
 */
export class MemoryItemsRepository {
  /**
   * Bumped after every write through this repository settles: readers that cache (the recall's
   * pinned blocks) reload when it moves.
   */
  generation = 0;
  private readonly writtenListeners: Array<() => void> = [];

  constructor(private readonly db: Kysely<Database>) {}

  /** Called after each write that committed (the embedding backfill picks up new text). */
  onWritten(listener: () => void): void {
    this.writtenListeners.push(listener);
  }

  async insert(item: NewItem, meta: ChangeMeta): Promise<MemoryItem> {
    return this.writing(item.path, () =>
      // Only an active pinned block's budget needs a transaction; any other item is one statement.
      reservesBudget(item)
        ? this.db.transaction().execute((trx) => this.insertIn(trx, item, meta))
        : this.insertIn(this.db, item, meta),
    );
  }

  async get(id: string): Promise<MemoryItem | null> {
    const row = await this.db
      .selectFrom('memory_items')
      .select(ITEM_COLUMNS)
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? toItem(row) : null;
  }

  async getMany(ids: string[]): Promise<MemoryItem[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('memory_items')
      .select(ITEM_COLUMNS)
      .where('id', 'in', ids)
      .execute();
    return rows.map(toItem);
  }

  /** Changes text, path, kind, confidence or the block's limit; retracted and superseded items are read-only. */
  async edit(id: string, edit: ItemEdit, meta: ChangeMeta): Promise<MemoryItem> {
    return this.writing(edit.path ?? 'that path', () =>
      this.db.transaction().execute(async (trx) => {
        const before = await this.lock(trx, id);
        if (before.status === 'retracted' || before.status === 'superseded')
          throw new ConflictError(
            'invalid_transition',
            `The item is ${before.status}; restore it before editing`,
          );
        const next = {
          path: edit.path ?? before.path,
          text: edit.text ?? before.text,
          pinned: before.pinned,
          char_limit: edit.char_limit ?? before.char_limit,
        };
        assertWithinLimits(next);
        if (next.text !== before.text) await this.assertNoTwin(trx, next.text, id);
        if (before.pinned && before.status === 'active' && next.char_limit !== before.char_limit)
          assertPinnedBudget(
            (await this.reservedPinned(trx)) - (before.char_limit ?? 0),
            next.char_limit ?? 0,
          );
        const changed = Object.entries(edit)
          .filter(
            ([field, value]) => value !== undefined && before[field as keyof ItemEdit] !== value,
          )
          .map(([field]) => field);
        if (changed.length === 0) return before;
        const row = await trx
          .updateTable('memory_items')
          .set({
            ...next,
            kind: edit.kind ?? before.kind,
            confidence: edit.confidence ?? before.confidence,
            content_hash: contentHash(next.text),
            // A new text needs a new embedding; the embedder fills it again.
            ...(next.text !== before.text ? { embedding: null, embedding_model: null } : {}),
            updated_at: sql<Date>`clock_timestamp()`,
          })
          .where('id', '=', id)
          .returning(ITEM_COLUMNS)
          .executeTakeFirstOrThrow();
        await this.appendEvent(trx, id, 'UPDATE', meta, {
          old_text: before.text,
          new_text: row.text,
          old_status: before.status,
          new_status: row.status,
          detail: { changed },
        });
        return toItem(row);
      }),
    );
  }

  /**
   * Status changes: RETRACT (anything but retracted), RESTORE (retracted, back to the status
   * it had), CONFIRM (provisional to active). 409 for any other.
   */
  async transition(
    id: string,
    op: Extract<EventOp, 'RETRACT' | 'RESTORE' | 'CONFIRM'>,
    meta: ChangeMeta,
  ): Promise<MemoryItem> {
    return this.writing('its path', () =>
      this.db.transaction().execute(async (trx) => {
        const before = await this.lock(trx, id);
        const status = await this.nextStatus(trx, before, op);
        if (status === null)
          throw new ConflictError(
            'invalid_transition',
            `Cannot ${op.toLowerCase()} an item that is ${before.status}`,
          );
        if (before.pinned && status === 'active' && before.status !== 'active')
          assertPinnedBudget(await this.reservedPinned(trx), before.char_limit ?? 0);
        const live = (s: ItemStatus) => s === 'active' || s === 'provisional';
        if (live(status) && !live(before.status)) await this.assertNoTwin(trx, before.text, id);
        const row = await trx
          .updateTable('memory_items')
          .set({ status, updated_at: sql<Date>`clock_timestamp()` })
          .where('id', '=', id)
          .returning(ITEM_COLUMNS)
          .executeTakeFirstOrThrow();
        await this.appendEvent(trx, id, op, meta, {
          old_status: before.status,
          new_status: status,
        });
        return toItem(row);
      }),
    );
  }

  /** Replaces an item by a newer one: the old stays, superseded, pointing at its successor. */
  async supersede(oldId: string, replacement: NewItem, meta: ChangeMeta): Promise<MemoryItem> {
    return this.writing(replacement.path, () =>
      this.db.transaction().execute(async (trx) => {
        const before = await this.lock(trx, oldId);
        if (before.status === 'retracted' || before.status === 'superseded')
          throw new ConflictError(
            'invalid_transition',
            `Cannot supersede an item that is ${before.status}`,
          );
        // The old item ends in the statement that adds its successor.
        const retire = sql`,
          retired as (
            update memory_items set status = 'superseded', superseded_by = added.id,
              invalid_at = coalesce(${replacement.valid_at ?? null}::timestamptz, clock_timestamp()),
              updated_at = clock_timestamp()
            from added where memory_items.id = ${oldId}),
          retired_logged as (
            insert into memory_events (id, item_id, op, old_text, new_text, old_status, new_status,
              actor, actor_name, request_id, reason, detail)
            select ${uuidv7()}, ${oldId}, 'SUPERSEDE', ${before.text}, added.text, ${before.status},
              'superseded', ${meta.actor}, ${meta.actor_name ?? null}, ${meta.request_id ?? null},
              ${meta.reason ?? null}, jsonb_build_object('superseded_by', added.id)
            from added)`;
        return this.insertIn(trx, replacement, meta, retire);
      }),
    );
  }

  /** Pins an item into the prompt with a character limit (default: the larger of its length and 2,000). */
  async pin(id: string, charLimit: number | undefined, meta: ChangeMeta): Promise<MemoryItem> {
    return this.writing('its path', () =>
      this.db.transaction().execute(async (trx) => {
        const before = await this.lock(trx, id);
        if (before.status !== 'active')
          throw new ConflictError(
            'invalid_transition',
            `Only active items can be pinned; this one is ${before.status}`,
          );
        const limit =
          charLimit ??
          before.char_limit ??
          Math.max(before.text.length, MEMORY_LIMITS.blockLimitDefault);
        assertWithinLimits({ ...before, pinned: true, char_limit: limit });
        const reserved = await this.reservedPinned(trx);
        assertPinnedBudget(reserved - (before.pinned ? (before.char_limit ?? 0) : 0), limit);
        const row = await trx
          .updateTable('memory_items')
          .set({ pinned: true, char_limit: limit, updated_at: sql<Date>`clock_timestamp()` })
          .where('id', '=', id)
          .returning(ITEM_COLUMNS)
          .executeTakeFirstOrThrow();
        await this.appendEvent(trx, id, 'PIN', meta, { detail: { char_limit: limit } });
        return toItem(row);
      }),
    );
  }

  async unpin(id: string, meta: ChangeMeta): Promise<MemoryItem> {
    return this.writing('its path', () =>
      this.db.transaction().execute(async (trx) => {
        const before = await this.lock(trx, id);
        if (!before.pinned) throw new ConflictError('invalid_transition', 'The item is not pinned');
        const row = await trx
          .updateTable('memory_items')
          .set({ pinned: false, updated_at: sql<Date>`clock_timestamp()` })
          .where('id', '=', id)
          .returning(ITEM_COLUMNS)
          .executeTakeFirstOrThrow();
        await this.appendEvent(trx, id, 'UNPIN', meta, {});
        return toItem(row);
      }),
    );
  }

  /** Live (active or provisional) items that are not pinned: what recall may search. */
  async hasLiveArchival(): Promise<boolean> {
    const row = await this.db
      .selectFrom('memory_items')
      .select('id')
      .where('pinned', '=', false)
      .where('status', 'in', ['active', 'provisional'])
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Items a model request carried: counted for the pages (stale items, most used). */
  async markUsed(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .updateTable('memory_items')
      .set((eb) => ({
        use_count: eb('use_count', '+', 1),
        last_used_at: sql<Date>`clock_timestamp()`,
      }))
      .where('id', 'in', ids)
      .execute();
  }

  /** The active pinned blocks, by path: what every model request carries. */
  async pinnedBlocks(): Promise<MemoryItem[]> {
    const rows = await this.db
      .selectFrom('memory_items')
      .select(ITEM_COLUMNS)
      .where('pinned', '=', true)
      .where('status', '=', 'active')
      .orderBy('path')
      .execute();
    return rows.map(toItem);
  }

  /** An active or provisional item with exactly this text (after normalising), if any. */
  async findLiveByHash(text: string): Promise<MemoryItem | null> {
    const row = await this.db
      .selectFrom('memory_items')
      .select(ITEM_COLUMNS)
      .where('content_hash', '=', contentHash(text))
      .where('status', 'in', ['active', 'provisional'])
      .orderBy('created_at')
      .executeTakeFirst();
    return row ? toItem(row) : null;
  }

  /** The content hashes of these texts that an active or provisional item holds. */
  async liveHashes(texts: string[]): Promise<Set<string>> {
    if (texts.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('memory_items')
      .select('content_hash')
      .where('content_hash', 'in', [...new Set(texts.map(contentHash))])
      .where('status', 'in', ['active', 'provisional'])
      .execute();
    return new Set(rows.map((row) => row.content_hash));
  }

  async history(itemId: string): Promise<MemoryEvent[]> {
    const rows = await this.db
      .selectFrom('memory_events')
      .select(EVENT_COLUMNS)
      .where('item_id', '=', itemId)
      .orderBy('at')
      .orderBy('id')
      .execute();
    return rows;
  }

  /** An agent's search that found nothing: an open unknown until something that answers it is stored. */
  async recordMiss(query: string, meta: ChangeMeta): Promise<void> {
    // The OR-query of its words, so the epistemic state can tell when a later item answers it.
    const tsquery = queryWords(query).join(' | ');
    await this.appendEvent(this.db, null, 'MISS', meta, { new_text: query, detail: { tsquery } });
  }

  /** Newest first, keyset-paged on (created_at, id). */
  async page(
    query: Partial<ItemListQuery> & Pick<ItemListQuery, 'limit'>,
  ): Promise<{ items: MemoryItem[]; next_cursor: string | null }> {
    let select = this.db
      .selectFrom('memory_items')
      .select(ITEM_COLUMNS)
      .orderBy('memory_items.created_at', 'desc')
      .orderBy('memory_items.id', 'desc')
      .limit(query.limit + 1);
    if (query.path) {
      const prefix = `${query.path.replace(/[\\%_]/g, (c) => `\\${c}`)}/%`;
      select = select.where((eb) =>
        eb.or([eb('path', '=', query.path as string), eb('path', 'like', prefix)]),
      );
    }
    if (query.status) select = select.where('status', '=', query.status);
    if (query.kind) select = select.where('kind', '=', query.kind);
    if (query.source_kind) select = select.where('source_kind', '=', query.source_kind);
    if (query.observation_id) select = select.where('observation_id', '=', query.observation_id);
    if (query.pinned) select = select.where('pinned', '=', query.pinned === 'true');
    if (query.q)
      select = select.where(sql<boolean>`tsv @@ websearch_to_tsquery('english', ${query.q})`);
    if (query.cursor) {
      const { ts, id } = query.cursor;
      select = select.where(({ eb, refTuple, tuple }) =>
        eb(
          refTuple('memory_items.created_at', 'memory_items.id'),
          '<',
          tuple(sql<Date>`${ts}::timestamptz`, id),
        ),
      );
    }
    const rows = await select.execute();
    const items = rows.slice(0, query.limit).map(toItem);
    const last = items.at(-1);
    return {
      items,
      next_cursor: rows.length > query.limit && last ? `${last.created_at}|${last.id}` : null,
    };
  }

  /** Item counts per path and status, for the tree. */
  async pathCounts(): Promise<
    Array<{ path: string; status: ItemStatus; pinned: boolean; count: number }>
  > {
    const rows = await this.db
      .selectFrom('memory_items')
      .select(['path', 'status', 'pinned', (eb) => eb.fn.countAll<string>().as('count')])
      .groupBy(['path', 'status', 'pinned'])
      .execute();
    return rows.map((row) => ({ ...row, count: Number(row.count) }));
  }

  /**
   * Adds an item and its ADD event in one statement, unless the same normalised text already
   * lives (exact duplicates never enter). `then` holds more common table expressions for the
   * statement, which may read the row added from `added`.
   */
  private async insertIn(
    db: Db,
    item: NewItem,
    meta: ChangeMeta,
    then: RawBuilder<unknown> = sql``,
  ): Promise<MemoryItem> {
    const pinned = item.pinned ?? false;
    const charLimit = item.char_limit ?? (pinned ? MEMORY_LIMITS.blockLimitDefault : null);
    assertWithinLimits({ path: item.path, text: item.text, pinned, char_limit: charLimit });
    if (reservesBudget(item)) assertPinnedBudget(await this.reservedPinned(db), charLimit ?? 0);
    const row = {
      ...item,
      id: uuidv7(),
      pinned,
      char_limit: charLimit,
      source_ref: item.source_ref ?? null,
      request_id: item.request_id ?? null,
      chat_id: item.chat_id ?? null,
      goal_id: item.goal_id ?? null,
      observation_id: item.observation_id ?? null,
      untrusted: item.untrusted ?? false,
      entity_ids: item.entity_ids ?? [],
      content_hash: contentHash(item.text),
      valid_at: item.valid_at ?? null,
    };
    const { rows } = await sql<ItemRow & { twin_id: string | null; twin_path: string | null }>`
      with twin as (
        select id, path from memory_items
        where content_hash = ${row.content_hash} and status in ('active', 'provisional')
        limit 1),
      added as (
        insert into memory_items (id, path, kind, text, pinned, char_limit, status, confidence,
          source_kind, source_ref, request_id, chat_id, goal_id, observation_id, untrusted,
          entity_ids, content_hash, valid_at, created_by)
        select id, path, kind, text, pinned, char_limit, status, confidence, source_kind,
          source_ref, request_id, chat_id, goal_id, observation_id, untrusted, entity_ids,
          content_hash, valid_at, created_by
        from jsonb_to_recordset(${jsonRows([row])}::jsonb) as r(id text, path text, kind text,
          text text, pinned boolean, char_limit integer, status text, confidence real,
          source_kind text, source_ref text, request_id text, chat_id text, goal_id text,
          observation_id text, untrusted boolean, entity_ids text[], content_hash text,
          valid_at timestamptz, created_by text)
        where not exists (select from twin)
        returning ${itemColumns}),
      logged as (
        insert into memory_events (id, item_id, op, new_text, new_status, actor, actor_name,
          request_id, reason, detail)
        select ${uuidv7()}, id, 'ADD', text, status, ${meta.actor}, ${meta.actor_name ?? null},
          ${meta.request_id ?? null}, ${meta.reason ?? null},
          ${JSON.stringify(pinned ? { pinned, char_limit: charLimit } : {})}::jsonb
        from added)${then}
      select added.*, twin.id as twin_id, twin.path as twin_path
      from (values (1)) as one (x) left join added on true left join twin on true`.execute(db);
    // One row: the item added, or the twin that kept it out.
    const { twin_id, twin_path, ...added } = rows[0] as (typeof rows)[number];
    if (twin_id) throw duplicateOf({ id: twin_id, path: twin_path ?? '' });
    return toItem(added);
  }

  /** Runs a write, turning the pinned-path unique index's refusal into a 409. */
  private async writing<T>(path: string, write: () => Promise<T>): Promise<T> {
    try {
      const result = await write();
      for (const listener of this.writtenListeners) listener();
      return result;
    } catch (error) {
      if (isPathTaken(error))
        throw new ConflictError('path_taken', `A pinned block already lives at ${path}`);
      throw error;
    } finally {
      this.generation += 1;
    }
  }

  /**
   * Characters the active pinned blocks reserve (their limits, not their current lengths). Read
   * in a transaction: the lock it takes holds until that ends.
   */
  private async reservedPinned(trx: Db): Promise<number> {
    // Serialises pinning, so two concurrent pins cannot each see room for themselves.
    await sql`select pg_advisory_xact_lock(hashtext('memory-pinned-budget'))`.execute(trx);
    const row = await trx
      .selectFrom('memory_items')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('char_limit'), sql<string>`0`).as('total'))
      .where('pinned', '=', true)
      .where('status', '=', 'active')
      .executeTakeFirstOrThrow();
    return Number(row.total);
  }

  /** Exact duplicates never enter: the same normalised text may live only once. */
  private async assertNoTwin(trx: Transaction<Database>, text: string, self: string | null) {
    let query = trx
      .selectFrom('memory_items')
      .select(['id', 'path'])
      .where('content_hash', '=', contentHash(text))
      .where('status', 'in', ['active', 'provisional']);
    if (self) query = query.where('id', '<>', self);
    const twin = await query.executeTakeFirst();
    if (twin) throw duplicateOf(twin);
  }

  private async lock(trx: Transaction<Database>, id: string): Promise<MemoryItem> {
    const row = await trx
      .selectFrom('memory_items')
      .select(ITEM_COLUMNS)
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw new NotFoundError('No such memory item');
    return toItem(row);
  }

  private async nextStatus(
    trx: Transaction<Database>,
    item: MemoryItem,
    op: 'RETRACT' | 'RESTORE' | 'CONFIRM',
  ): Promise<ItemStatus | null> {
    if (op === 'RETRACT') return item.status === 'retracted' ? null : 'retracted';
    if (op === 'CONFIRM') return item.status === 'provisional' ? 'active' : null;
    if (item.status !== 'retracted') return null;
    const last = await trx
      .selectFrom('memory_events')
      .select('old_status')
      .where('item_id', '=', item.id)
      .where('op', '=', 'RETRACT')
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    return last?.old_status ?? 'active';
  }

  private async appendEvent(
    db: Db,
    itemId: string | null,
    op: EventOp,
    meta: ChangeMeta,
    change: Partial<
      Pick<MemoryEvent, 'old_text' | 'new_text' | 'old_status' | 'new_status' | 'detail'>
    >,
  ): Promise<void> {
    await db
      .insertInto('memory_events')
      .values({
        id: uuidv7(),
        item_id: itemId,
        op,
        old_text: change.old_text ?? null,
        new_text: change.new_text ?? null,
        old_status: change.old_status ?? null,
        new_status: change.new_status ?? null,
        actor: meta.actor,
        actor_name: meta.actor_name ?? null,
        request_id: meta.request_id ?? null,
        reason: meta.reason ?? null,
        detail: JSON.stringify(change.detail ?? {}),
      })
      .execute();
  }
}
