import { type Kysely, sql } from 'kysely';
import type { Database } from '../../store/database.js';
import { toRelation } from './graph.repository.js';
import type { MemoryItem, Relation } from './memory.schema.js';
import { ITEM_STATUSES, type ItemStatus } from './memory.tables.js';
import type { MemoryItemsRepository } from './memory-items.repository.js';

export const STALE_DAYS = 90;
export const RECENT_DAYS = 30;
const SAMPLE = 20;

export const CONFIDENCE_BANDS = [
  { band: 'low', min: 0, max: 0.5 },
  { band: 'medium', min: 0.5, max: 0.8 },
  { band: 'high', min: 0.8, max: 1.01 },
] as const;
export type ConfidenceBand = (typeof CONFIDENCE_BANDS)[number]['band'];

export interface EpistemicState {
  computed_at: string;
  by_status: Record<ItemStatus, number>;
  by_confidence: Array<{ status: ItemStatus; band: ConfidenceBand; count: number }>;
  /** Share of live items (active + provisional) that are provisional; null with none. */
  provisional_share: number | null;
  /** Share of live items learned from outside text; null with none. */
  untrusted_share: number | null;
  stale: { days: number; count: number; items: MemoryItem[] };
  contradictions: {
    days: number;
    count: number;
    relations: Array<{ expired: Relation; by: Relation | null }>;
    superseded: Array<{ item: MemoryItem; by: MemoryItem | null }>;
  };
  open_unknowns: {
    days: number;
    count: number;
    items: Array<{ event_id: string; query: string; at: string; request_id: string | null }>;
  };
}

/**
 * What the agent believes and how firmly, computed from the stored rows: items by status and
 * confidence, what has gone unused, what later knowledge contradicted, and what it searched
 * its memory for and did not find (open until an item that matches is stored).
 */
export async function epistemicState(
  db: Kysely<Database>,
  items: MemoryItemsRepository,
): Promise<EpistemicState> {
  const grouped = (
    await sql<{ status: ItemStatus; band: ConfidenceBand; untrusted: boolean; count: string }>`
      select status, untrusted,
        case when confidence < 0.5 then 'low' when confidence < 0.8 then 'medium' else 'high' end as band,
        count(*) as count
      from memory_items group by 1, 2, 3`.execute(db)
  ).rows;
  const byStatus = Object.fromEntries(ITEM_STATUSES.map((s) => [s, 0])) as Record<
    ItemStatus,
    number
  >;
  const bands = new Map<string, number>();
  let untrustedLive = 0;
  for (const row of grouped) {
    const count = Number(row.count);
    byStatus[row.status] += count;
    bands.set(`${row.status}:${row.band}`, (bands.get(`${row.status}:${row.band}`) ?? 0) + count);
    if (row.untrusted && (row.status === 'active' || row.status === 'provisional'))
      untrustedLive += count;
  }
  const live = byStatus.active + byStatus.provisional;

  const staleIds = (
    await sql<{ id: string }>`select id from memory_items
      where status in ('active', 'provisional')
        and coalesce(last_used_at, created_at) < now() - make_interval(days => ${STALE_DAYS})
      order by coalesce(last_used_at, created_at)`.execute(db)
  ).rows.map((row) => row.id);

  const expired = (
    await sql<Parameters<typeof toRelation>[0]>`select * from kg_relations
      where expired_by is not null and expired_at > now() - make_interval(days => ${RECENT_DAYS})
      order by expired_at desc`.execute(db)
  ).rows.map(toRelation);
  const replacing = new Map(
    (
      await sql<Parameters<typeof toRelation>[0]>`select * from kg_relations
        where id = any(${expired.map((r) => r.expired_by ?? '')}::text[])`.execute(db)
    ).rows
      .map(toRelation)
      .map((r) => [r.id, r]),
  );
  const supersededIds = (
    await sql<{ id: string; by: string | null }>`select id, superseded_by as by from memory_items
      where status = 'superseded'
        and updated_at > now() - make_interval(days => ${RECENT_DAYS})
      order by updated_at desc`.execute(db)
  ).rows;

  const unknowns = (
    await sql<{ id: string; query: string; at: Date; request_id: string | null }>`
      select e.id, e.new_text as query, e.at, e.request_id from memory_events e
      where e.op = 'MISS' and e.at > now() - make_interval(days => ${RECENT_DAYS})
        and not exists (
          select 1 from memory_items i
          where i.created_at > e.at and i.status in ('active', 'provisional')
            and i.tsv @@ to_tsquery('english', coalesce(e.detail->>'tsquery', '')))
      order by e.at desc`.execute(db)
  ).rows;

  const sampleIds = [
    ...staleIds.slice(0, SAMPLE),
    ...supersededIds.slice(0, SAMPLE).flatMap((row) => [row.id, row.by ?? '']),
  ];
  const sampled = new Map((await items.getMany(sampleIds.filter(Boolean))).map((i) => [i.id, i]));
  const pick = (id: string | null) => (id ? (sampled.get(id) ?? null) : null);

  return {
    computed_at: new Date().toISOString(),
    by_status: byStatus,
    by_confidence: ITEM_STATUSES.flatMap((status) =>
      CONFIDENCE_BANDS.map(({ band }) => ({
        status,
        band,
        count: bands.get(`${status}:${band}`) ?? 0,
      })),
    ),
    provisional_share: live === 0 ? null : byStatus.provisional / live,
    untrusted_share: live === 0 ? null : untrustedLive / live,
    stale: {
      days: STALE_DAYS,
      count: staleIds.length,
      items: staleIds.slice(0, SAMPLE).flatMap((id) => pick(id) ?? []),
    },
    contradictions: {
      days: RECENT_DAYS,
      count: expired.length + supersededIds.length,
      relations: expired
        .slice(0, SAMPLE)
        .map((r) => ({ expired: r, by: replacing.get(r.expired_by ?? '') ?? null })),
      superseded: supersededIds.slice(0, SAMPLE).flatMap((row) => {
        const item = pick(row.id);
        return item ? [{ item, by: pick(row.by) }] : [];
      }),
    },
    open_unknowns: {
      days: RECENT_DAYS,
      count: unknowns.length,
      items: unknowns.slice(0, SAMPLE).map((row) => ({
        event_id: row.id,
        query: row.query,
        at: new Date(row.at).toISOString(),
        request_id: row.request_id,
      })),
    },
  };
}
