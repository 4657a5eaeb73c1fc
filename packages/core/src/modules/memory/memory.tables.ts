import type { ColumnType, Generated } from 'kysely';

export const ITEM_KINDS = ['block', 'fact', 'preference', 'procedure', 'summary'] as const;
export type ItemKind = (typeof ITEM_KINDS)[number];

export const ITEM_STATUSES = ['active', 'provisional', 'superseded', 'retracted'] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];

/** Where what the agent learned came from (world side of provenance). */
export const SOURCE_KINDS = [
  'chat',
  'goal',
  'agent',
  'schedule',
  'feed',
  'mail',
  'operator',
] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

/** Sources whose text anyone outside may have written: labelled untrusted when injected. */
export const UNTRUSTED_SOURCES: readonly SourceKind[] = ['feed', 'mail'];

/** Who changed memory (the event's `actor`). */
export const ACTORS = ['extractor', 'agent', 'operator'] as const;
export type Actor = (typeof ACTORS)[number];

export const EVENT_OPS = [
  'ADD',
  'UPDATE',
  'SUPERSEDE',
  'RETRACT',
  'RESTORE',
  'CONFIRM',
  'PIN',
  'UNPIN',
  'MISS',
] as const;
export type EventOp = (typeof EVENT_OPS)[number];

export const EXTRACTION_STATUSES = ['pending', 'running', 'done', 'skipped', 'failed'] as const;
export type ExtractionStatus = (typeof EXTRACTION_STATUSES)[number];

/** `vector` (pgvector) or `real[]`: written as text either way ('[1,2]' or '{1,2}'). */
type Embedding = ColumnType<unknown, string | null | undefined, string | null>;

export interface MemoryItemsTable {
  id: string;
  path: string;
  kind: ItemKind;
  text: string;
  pinned: Generated<boolean>;
  char_limit: number | null;
  status: ItemStatus;
  confidence: number;
  source_kind: SourceKind;
  source_ref: string | null;
  request_id: string | null;
  chat_id: string | null;
  goal_id: string | null;
  observation_id: string | null;
  untrusted: Generated<boolean>;
  entity_ids: Generated<string[]>;
  content_hash: string;
  superseded_by: string | null;
  valid_at: Date | null;
  invalid_at: Date | null;
  created_by: Actor;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  last_used_at: Date | null;
  use_count: Generated<number>;
  tsv: ColumnType<unknown, never, never>;
  embedding: Embedding;
  embedding_model: string | null;
}

export interface MemoryEventsTable {
  id: string;
  item_id: string | null;
  op: EventOp;
  old_text: string | null;
  new_text: string | null;
  old_status: ItemStatus | null;
  new_status: ItemStatus | null;
  actor: Actor;
  actor_name: string | null;
  request_id: string | null;
  reason: string | null;
  detail: ColumnType<Record<string, unknown>, string | undefined, string>;
  at: Generated<Date>;
}

export interface ObservationsTable {
  id: string;
  source_kind: SourceKind;
  source_ref: string | null;
  content: string;
  untrusted: Generated<boolean>;
  observed_at: Date;
  recorded_at: Generated<Date>;
  request_id: string | null;
  chat_id: string | null;
  goal_id: string | null;
  entity_ids: Generated<string[]>;
  extraction_status: ExtractionStatus;
  extraction_error: string | null;
  extracted_at: Date | null;
  tsv: ColumnType<unknown, never, never>;
  embedding: Embedding;
  embedding_model: string | null;
}

export interface KgEntitiesTable {
  id: string;
  name: string;
  norm_name: string;
  type: string;
  summary: Generated<string>;
  aliases: Generated<string[]>;
  merged_into: string | null;
  first_seen_at: Generated<Date>;
  last_seen_at: Generated<Date>;
  mention_count: Generated<number>;
  embedding: Embedding;
  embedding_model: string | null;
}

export interface KgRelationsTable {
  id: string;
  source_id: string;
  target_id: string;
  relation: string;
  fact: string;
  valid_at: Date | null;
  invalid_at: Date | null;
  created_at: Generated<Date>;
  expired_at: Date | null;
  /** The later relation that ended this one (a contradiction resolved by world time). */
  expired_by: string | null;
  observation_ids: Generated<string[]>;
  confidence: Generated<number>;
  embedding: Embedding;
  embedding_model: string | null;
}

/** The memory's tables, in the order an export writes them (a Panic Reset truncates all five). */
export const MEMORY_TABLES = [
  'memory_items',
  'memory_events',
  'observations',
  'kg_entities',
  'kg_relations',
] as const;

declare module '../../store/database.js' {
  interface Database {
    memory_items: MemoryItemsTable;
    memory_events: MemoryEventsTable;
    observations: ObservationsTable;
    kg_entities: KgEntitiesTable;
    kg_relations: KgRelationsTable;
  }
}
