import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../store/database.js';
import { isoMicros } from '../../store/sql-time.js';
import { uuidv7 } from '../../util/uuid-v7.js';
import type { Observation, ObservationListQuery } from './memory.schema.js';
import type { ExtractionStatus, SourceKind } from './memory.tables.js';
import './memory.tables.js';

export interface NewObservation {
  source_kind: SourceKind;
  source_ref?: string | null;
  /** Already redacted. */
  content: string;
  untrusted: boolean;
  observed_at: Date;
  request_id?: string | null;
  chat_id?: string | null;
  goal_id?: string | null;
  extraction_status: Extract<ExtractionStatus, 'pending' | 'skipped'>;
}

const COLUMNS = [
  'id',
  'source_kind',
  'source_ref',
  'content',
  'untrusted',
  isoMicros('observations.observed_at').as('observed_at'),
  isoMicros('observations.recorded_at').as('recorded_at'),
  'request_id',
  'chat_id',
  'goal_id',
  'entity_ids',
  'extraction_status',
  'extraction_error',
  'extracted_at',
  'embedding_model',
] as const;

type Row = Omit<Observation, 'extracted_at'> & { extracted_at: Date | null };

const toObservation = (row: Row): Observation => ({
  ...row,
  extracted_at: row.extracted_at ? new Date(row.extracted_at).toISOString() : null,
});

/** Episodes the agent lived through (chat turns, goal tasks, feed items, mail), redacted. */
export class ObservationsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Stores an observation; one already stored for the same source (a feed item or a mail read
   * twice) is returned as it is, with `created` false.
   */
  async insert(input: NewObservation): Promise<{ observation: Observation; created: boolean }> {
    const row = await this.db
      .insertInto('observations')
      .values({
        id: uuidv7(),
        source_kind: input.source_kind,
        source_ref: input.source_ref ?? null,
        content: input.content,
        untrusted: input.untrusted,
        observed_at: input.observed_at,
        request_id: input.request_id ?? null,
        chat_id: input.chat_id ?? null,
        goal_id: input.goal_id ?? null,
        extraction_status: input.extraction_status,
        extraction_error: null,
        extracted_at: null,
      })
      .onConflict((oc) =>
        oc.columns(['source_kind', 'source_ref']).where('source_ref', 'is not', null).doNothing(),
      )
      .returning(COLUMNS)
      .executeTakeFirst();
    if (row) return { observation: toObservation(row), created: true };
    const existing = await this.db
      .selectFrom('observations')
      .select(COLUMNS)
      .where('source_kind', '=', input.source_kind)
      .where('source_ref', '=', input.source_ref ?? '')
      .executeTakeFirstOrThrow();
    return { observation: toObservation(existing), created: false };
  }

  async get(id: string): Promise<Observation | null> {
    const row = await this.db
      .selectFrom('observations')
      .select(COLUMNS)
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? toObservation(row) : null;
  }

  async getMany(ids: string[]): Promise<Observation[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('observations')
      .select(COLUMNS)
      .where('id', 'in', ids)
      .orderBy('observed_at')
      .execute();
    return rows.map(toObservation);
  }

  /** Takes a pending observation for extraction; null when another worker has it or it is done. */
  async claim(id: string): Promise<Observation | null> {
    const row = await this.db
      .updateTable('observations')
      .set({ extraction_status: 'running' })
      .where('id', '=', id)
      .where('extraction_status', 'in', ['pending', 'failed'])
      .returning(COLUMNS)
      .executeTakeFirst();
    return row ? toObservation(row) : null;
  }

  /**
   * Claims the chat's turns still waiting for extraction (pending, or failed and due a retry),
   * oldest first, up to `limit`, but for `except` (the turn already claimed, if any): they go to
   * the model together.
   */
  async claimChatTurns(
    chatId: string,
    except: string | null,
    limit: number,
  ): Promise<Observation[]> {
    if (limit <= 0) return [];
    let waiting = this.db
      .selectFrom('observations')
      .select('id')
      .where('chat_id', '=', chatId)
      .where('source_kind', '=', 'chat')
      .where('extraction_status', 'in', ['pending', 'failed']);
    if (except) waiting = waiting.where('id', '<>', except);
    const rows = await this.db
      .updateTable('observations')
      .set({ extraction_status: 'running' })
      .where('id', 'in', waiting.orderBy('observed_at').limit(limit))
      .where('extraction_status', 'in', ['pending', 'failed'])
      .returning(COLUMNS)
      .execute();
    return rows.map(toObservation).sort((a, b) => (a.observed_at < b.observed_at ? -1 : 1));
  }

  /**
   * Records how extraction ended for these observations (a batch's turns: one statement).
   * `along`, a common table expression of another repository's, is written in the same statement
   * (the mentions of the entities extracted).
   */
  async finish(
    ids: string[],
    outcome: { status: 'done' | 'failed' | 'skipped'; error?: string | null; entityIds?: string[] },
    along?: RawBuilder<unknown>,
  ): Promise<void> {
    if (ids.length === 0) return;
    await sql`${along ? sql`with ${along} ` : sql``}update observations
      set extraction_status = ${outcome.status}, extraction_error = ${outcome.error ?? null},
        extracted_at = clock_timestamp()
        ${outcome.entityIds ? sql`, entity_ids = ${outcome.entityIds}::text[]` : sql``}
      where id = any(${ids}::text[])`.execute(this.db);
  }

  /** The latest observations of a chat before this one, oldest first (the extractor's context). */
  async recentInChat(chatId: string, before: string, limit: number): Promise<Observation[]> {
    const rows = await this.db
      .selectFrom('observations')
      .select(COLUMNS)
      .where('chat_id', '=', chatId)
      .where('observed_at', '<', sql<Date>`${before}::timestamptz`)
      .orderBy('observed_at', 'desc')
      .limit(limit)
      .execute();
    return rows.map(toObservation).reverse();
  }

  /** Newest first (world time), keyset-paged on (observed_at, id). */
  async page(
    query: Partial<ObservationListQuery> & Pick<ObservationListQuery, 'limit'>,
  ): Promise<{ observations: Observation[]; next_cursor: string | null }> {
    let select = this.db
      .selectFrom('observations')
      .select(COLUMNS)
      .orderBy('observations.observed_at', 'desc')
      .orderBy('observations.id', 'desc')
      .limit(query.limit + 1);
    if (query.source_kind) select = select.where('source_kind', '=', query.source_kind);
    if (query.chat_id) select = select.where('chat_id', '=', query.chat_id);
    if (query.entity_id)
      select = select.where(sql<boolean>`entity_ids @> array[${query.entity_id}]::text[]`);
    if (query.since) select = select.where('observed_at', '>=', query.since);
    if (query.until) select = select.where('observed_at', '<', query.until);
    if (query.q)
      select = select.where(sql<boolean>`tsv @@ websearch_to_tsquery('english', ${query.q})`);
    if (query.cursor) {
      const { ts, id } = query.cursor;
      select = select.where(({ eb, refTuple, tuple }) =>
        eb(
          refTuple('observations.observed_at', 'observations.id'),
          '<',
          tuple(sql<Date>`${ts}::timestamptz`, id),
        ),
      );
    }
    const rows = await select.execute();
    const observations = rows.slice(0, query.limit).map(toObservation);
    const last = observations.at(-1);
    return {
      observations,
      next_cursor: rows.length > query.limit && last ? `${last.observed_at}|${last.id}` : null,
    };
  }

  /** Extraction work by state (the status endpoint and /brain). */
  async extractionCounts(): Promise<Record<ExtractionStatus, number>> {
    const rows = await this.db
      .selectFrom('observations')
      .select(['extraction_status', (eb) => eb.fn.countAll<string>().as('count')])
      .groupBy('extraction_status')
      .execute();
    const counts = { pending: 0, running: 0, done: 0, skipped: 0, failed: 0 };
    for (const row of rows) counts[row.extraction_status] = Number(row.count);
    return counts;
  }
}
