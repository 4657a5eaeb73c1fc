import { request } from './client';

export type ItemKind = 'block' | 'fact' | 'preference' | 'procedure' | 'summary';
export type ItemStatus = 'active' | 'provisional' | 'superseded' | 'retracted';
export type SourceKind = 'chat' | 'goal' | 'agent' | 'schedule' | 'feed' | 'mail' | 'operator';

export interface MemoryItem {
  id: string;
  path: string;
  kind: ItemKind;
  text: string;
  chars: number;
  pinned: boolean;
  char_limit: number | null;
  status: ItemStatus;
  confidence: number;
  source_kind: SourceKind;
  source_ref: string | null;
  request_id: string | null;
  chat_id: string | null;
  goal_id: string | null;
  observation_id: string | null;
  untrusted: boolean;
  entity_ids: string[];
  superseded_by: string | null;
  valid_at: string | null;
  invalid_at: string | null;
  created_by: 'extractor' | 'agent' | 'operator';
  created_at: string;
  updated_at: string;
  last_used_at: string | null;
  use_count: number;
  embedding_model: string | null;
}

export interface MemoryEvent {
  id: string;
  op: string;
  old_text: string | null;
  new_text: string | null;
  old_status: ItemStatus | null;
  new_status: ItemStatus | null;
  actor: 'extractor' | 'agent' | 'operator';
  actor_name: string | null;
  request_id: string | null;
  reason: string | null;
  at: string;
}

export interface Observation {
  id: string;
  source_kind: SourceKind;
  source_ref: string | null;
  content: string;
  untrusted: boolean;
  observed_at: string;
  recorded_at: string;
  request_id: string | null;
  chat_id: string | null;
  goal_id: string | null;
  entity_ids: string[];
  extraction_status: 'pending' | 'running' | 'done' | 'skipped' | 'failed';
  extraction_error: string | null;
}

export interface Entity {
  id: string;
  name: string;
  type: string;
  summary: string;
  aliases: string[];
  first_seen_at: string;
  last_seen_at: string;
  mention_count: number;
}

export interface Relation {
  id: string;
  source_id: string;
  target_id: string;
  relation: string;
  fact: string;
  valid_at: string | null;
  invalid_at: string | null;
  created_at: string;
  expired_at: string | null;
  expired_by: string | null;
  observation_ids: string[];
  confidence: number;
}

export interface TreeNode {
  path: string;
  name: string;
  parent: string | null;
  depth: number;
  items: number;
  total: number;
  pinned: number;
  by_status: Record<ItemStatus, number>;
}

export interface ItemDetail {
  item: MemoryItem;
  history: MemoryEvent[];
  observation: Observation | null;
  superseded_by: MemoryItem | null;
  entities: Entity[];
  links: { trace: string | null; goal: string | null };
}

export interface MemoryStatus {
  extraction: {
    enabled: boolean;
    reason: 'disabled' | 'no_model' | 'model_error' | null;
    model: string | null;
  };
  search: {
    mode: 'lexical' | 'hybrid';
    embedding_model: string | null;
    vector_backend: 'pgvector' | 'none';
    trigram: boolean;
  };
  /** The background job that gives items and observations vectors of the embedding model. */
  embedding: {
    state: 'off' | 'pending' | 'running' | 'failed' | 'done';
    model: string | null;
    items: { embedded: number; total: number };
    observations: { embedded: number; total: number };
    last_error: string | null;
    last_run_at: string | null;
  };
}

export interface Graph {
  as_of: string | null;
  limit: number;
  nodes: Entity[];
  edges: Relation[];
  truncated: boolean;
}

export interface EntityDetail {
  entity: Entity;
  relations: Relation[];
  related_entities: Entity[];
  observations: Observation[];
}

interface ListScores {
  full_text: number | null;
  trigram: number | null;
  vector: number | null;
}

export interface SearchResult {
  mode: 'lexical' | 'hybrid';
  embedding_model: string | null;
  vector_error: string | null;
  took_ms: number;
  hits: Array<{
    type: 'item' | 'observation';
    score: number;
    ranks: ListScores;
    scores: ListScores;
    item?: MemoryItem;
    observation?: Observation;
  }>;
}

export interface Brain {
  identity: {
    name: string;
    persona: string;
    born_at: string;
    age_seconds: number;
    total_xp: number;
    level: number;
    next_level_xp: number;
  };
  counts: {
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
  };
  pinned_blocks: Array<Pick<MemoryItem, 'id' | 'path' | 'text' | 'chars' | 'char_limit'>>;
  status: MemoryStatus;
}

export type ItemAction = 'retract' | 'restore' | 'confirm' | 'unpin' | 'pin';
export type ItemEdit = Partial<Pick<MemoryItem, 'text' | 'path' | 'kind' | 'confidence'>>;

const itemUrl = (id: string) => `/api/memory/items/${encodeURIComponent(id)}`;

export const EXPORT_URL = '/api/memory/export';

export const fetchMemoryStatus = (signal?: AbortSignal) =>
  request<MemoryStatus>('/api/memory/status', { signal });

export const fetchTree = (signal?: AbortSignal) =>
  request<{ total: number; nodes: TreeNode[] }>('/api/memory/tree', { signal });

export const fetchItems = (
  query: { path?: string; status?: ItemStatus; q?: string; cursor?: string },
  signal?: AbortSignal,
) =>
  request<{ items: MemoryItem[]; next_cursor: string | null }>('/api/memory/items', {
    query: { ...query, limit: 50 },
    signal,
  });

export const fetchItem = (id: string, signal?: AbortSignal) =>
  request<ItemDetail>(itemUrl(id), { signal });

export const editItem = (id: string, edit: ItemEdit) =>
  request<MemoryItem>(itemUrl(id), { method: 'PATCH', body: edit });

export const changeItem = (id: string, action: ItemAction) =>
  request<MemoryItem>(`${itemUrl(id)}/${action}`, { method: 'POST', body: {} });

export interface GraphQuery {
  asOf?: string;
  limit: number;
  /** The ego network of this entity (two steps out) instead of the most mentioned entities. */
  entityId?: string;
}

export const fetchGraph = ({ asOf, limit, entityId }: GraphQuery, signal?: AbortSignal) =>
  request<Graph>('/api/memory/graph', {
    query: { as_of: asOf, limit, entity_id: entityId },
    signal,
  });

export const fetchObservations = (query: { q?: string; cursor?: string }, signal?: AbortSignal) =>
  request<{ observations: Observation[]; next_cursor: string | null }>('/api/memory/observations', {
    query: { ...query, limit: 50 },
    signal,
  });

export const fetchEntities = (q: string | undefined, signal?: AbortSignal) =>
  request<{ entities: Entity[] }>('/api/memory/entities', { query: { q, limit: 100 }, signal });

export const fetchEntity = (id: string, signal?: AbortSignal) =>
  request<EntityDetail>(`/api/memory/entities/${encodeURIComponent(id)}`, { signal });

export const searchMemory = (q: string, signal?: AbortSignal) =>
  request<SearchResult>('/api/memory/search', { query: { q, limit: 20 }, signal });

export const fetchBrain = (signal?: AbortSignal) => request<Brain>('/api/memory/brain', { signal });

export const createItem = (body: { path: string; kind: ItemKind; text: string }) =>
  request<MemoryItem>('/api/memory/items', { method: 'POST', body });

export type ConfidenceBand = 'low' | 'medium' | 'high';

/** GET /api/memory/epistemic: what the agent holds, how sure it is, and what it could not answer. */
export interface Epistemic {
  computed_at: string;
  by_status: Record<ItemStatus, number>;
  by_confidence: Array<{ status: ItemStatus; band: ConfidenceBand; count: number }>;
  provisional_share: number | null;
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

export type CheckStatus = 'pass' | 'warn' | 'fail';

/** GET /api/memory/integrity: checks computed from the stored rows, each of which can fail. */
export interface Integrity {
  status: CheckStatus;
  checked_at: string;
  checks: Array<{
    name: string;
    title: string;
    status: CheckStatus;
    count: number;
    detail: string;
    sample_ids: string[];
  }>;
}

export const fetchEpistemic = (signal?: AbortSignal) =>
  request<Epistemic>('/api/memory/epistemic', { signal });

export const fetchIntegrity = (signal?: AbortSignal) =>
  request<Integrity>('/api/memory/integrity', { signal });
