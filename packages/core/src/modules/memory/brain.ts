import { type Kysely, sql } from 'kysely';
import type { Database } from '../../store/database.js';
import type { Identity } from '../identity/identity.schema.js';
import type { MemoryItem } from './memory.schema.js';
import {
  ITEM_KINDS,
  ITEM_STATUSES,
  type ItemKind,
  type ItemStatus,
  SOURCE_KINDS,
  type SourceKind,
} from './memory.tables.js';

export interface BrainCounts {
  items: {
    total: number;
    pinned: number;
    by_kind: Record<ItemKind, number>;
    by_status: Record<ItemStatus, number>;
  };
  entities: { live: number; merged: number };
  relations: { current: number; expired: number };
  observations: { total: number; by_source: Record<SourceKind, number> };
  events: number;
}

export interface Brain {
  identity: Identity & { age_seconds: number };
  counts: BrainCounts;
  pinned_blocks: Array<Pick<MemoryItem, 'id' | 'path' | 'text' | 'chars' | 'char_limit'>>;
}

const zeros = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((key) => [key, 0])) as Record<K, number>;

/** Counts of everything the memory holds, each one a query over the stored rows. */
export async function brainCounts(db: Kysely<Database>): Promise<BrainCounts> {
  const [items, entities, relations, observations, events] = await Promise.all([
    sql<{ kind: ItemKind; status: ItemStatus; pinned: boolean; n: string }>`
      select kind, status, pinned, count(*) as n from memory_items group by 1, 2, 3`.execute(db),
    sql<{ merged: boolean; n: string }>`
      select merged_into is not null as merged, count(*) as n from kg_entities group by 1`.execute(
      db,
    ),
    sql<{ expired: boolean; n: string }>`
      select expired_at is not null as expired, count(*) as n from kg_relations group by 1`.execute(
      db,
    ),
    sql<{ source_kind: SourceKind; n: string }>`
      select source_kind, count(*) as n from observations group by 1`.execute(db),
    sql<{ n: string }>`select count(*) as n from memory_events`.execute(db),
  ]);
  const counts: BrainCounts = {
    items: { total: 0, pinned: 0, by_kind: zeros(ITEM_KINDS), by_status: zeros(ITEM_STATUSES) },
    entities: { live: 0, merged: 0 },
    relations: { current: 0, expired: 0 },
    observations: { total: 0, by_source: zeros(SOURCE_KINDS) },
    events: Number(events.rows[0]?.n ?? 0),
  };
  for (const row of items.rows) {
    const n = Number(row.n);
    counts.items.total += n;
    counts.items.by_kind[row.kind] += n;
    counts.items.by_status[row.status] += n;
    if (row.pinned && row.status === 'active') counts.items.pinned += n;
  }
  for (const row of entities.rows) counts.entities[row.merged ? 'merged' : 'live'] += Number(row.n);
  for (const row of relations.rows)
    counts.relations[row.expired ? 'expired' : 'current'] += Number(row.n);
  for (const row of observations.rows) {
    counts.observations.total += Number(row.n);
    counts.observations.by_source[row.source_kind] += Number(row.n);
  }
  return counts;
}
