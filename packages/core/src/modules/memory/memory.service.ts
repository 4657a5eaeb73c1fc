import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { NotFoundError } from '../../errors/app-error.js';
import { redactText } from '../../security/redact.js';
import type { Database } from '../../store/database.js';
import type { Identity } from '../identity/identity.schema.js';
import { type Brain, brainCounts } from './brain.js';
import type { EmbeddingProgress } from './embedding-backfill.js';
import { type EpistemicState, epistemicState } from './epistemic.js';
import type { GraphRepository, Subgraph } from './graph.repository.js';
import { type IntegrityInputs, type IntegrityReport, integrityReport } from './integrity.js';
import type {
  Entity,
  ItemListQuery,
  MemoryEvent,
  MemoryItem,
  Observation,
  ObservationListQuery,
  Relation,
} from './memory.schema.js';
import { type SourceKind, UNTRUSTED_SOURCES } from './memory.tables.js';
import type {
  ChangeMeta,
  ItemEdit,
  MemoryItemsRepository,
  NewItem,
} from './memory-items.repository.js';
import { MEMORY_LIMITS } from './memory-limits.js';
import type { statusSchema } from './memory-responses.js';
import type { MemorySearch } from './memory-search.js';
import type { MemorySettingsStore } from './memory-settings.js';
import type { ObservationsRepository } from './observations.repository.js';
import type { SearchCapabilities } from './search.repository.js';

/** Longest observation kept (a long reply or feed item is cut, with a marker). */
export const OBSERVATION_MAX = 12_000;

export interface ObserveInput {
  source_kind: SourceKind;
  /** Identifies the source outside the runtime (a feed item's link, a mail's folder/uid): dedups. */
  source_ref?: string | null;
  content: string;
  /** Outside text (feeds, mail, web pages read during the run). */
  untrusted?: boolean;
  observed_at?: Date;
  request_id?: string | null;
  chat_id?: string | null;
  goal_id?: string | null;
}

export interface ItemDetail {
  item: MemoryItem;
  history: MemoryEvent[];
  observation: Observation | null;
  superseded_by: MemoryItem | null;
  entities: Entity[];
  links: { trace: string | null; goal: string | null };
}

export interface TreeNode {
  path: string;
  name: string;
  parent: string | null;
  depth: number;
  /** Items at exactly this path. */
  items: number;
  /** Items at this path and below. */
  total: number;
  pinned: number;
  by_status: Record<'active' | 'provisional' | 'superseded' | 'retracted', number>;
}

export interface MemoryServiceDeps {
  db: Kysely<Database>;
  items: MemoryItemsRepository;
  observations: ObservationsRepository;
  graph: GraphRepository;
  search: MemorySearch;
  settings: MemorySettingsStore;
  capabilities: SearchCapabilities;
  /** The chat model extraction would use; null when none is configured. */
  extractionModel(): Promise<string | null>;
  identity(): Promise<Identity>;
  patchDigests: IntegrityInputs['patchDigests'];
  tokenBudget: number;
  /** How far the embedding backfill has come for the model in use. */
  embedding(): Promise<EmbeddingProgress>;
  log: FastifyBaseLogger;
}

export type MemoryStatus = z.infer<typeof statusSchema>;

type ObservedListener = (observation: Observation) => void;

function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const marker = `\n[… ${text.length - max} characters cut]`;
  return text.slice(0, max - marker.length) + marker;
}

/**
 * The agent's memory as the rest of the runtime sees it: items (pinned blocks and archival
 * facts) with their history, observations, the knowledge graph and search. Everything here is
 * cognitive state that a Panic Reset wipes.
 */
export class MemoryService {
  private readonly observedListeners: ObservedListener[] = [];
  private readonly storedListeners: ObservedListener[] = [];

  constructor(readonly deps: MemoryServiceDeps) {}

  // ---- items

  /** Blocks are pinned unless said otherwise; operator items are active and fully trusted. */
  async create(item: NewItem, meta: ChangeMeta): Promise<MemoryItem> {
    return this.deps.items.insert({ ...item, pinned: item.pinned ?? item.kind === 'block' }, meta);
  }

  async get(id: string): Promise<MemoryItem> {
    const item = await this.deps.items.get(id);
    if (!item) throw new NotFoundError('No such memory item');
    return item;
  }

  async detail(id: string): Promise<ItemDetail> {
    const item = await this.get(id);
    const [history, observation, successor, entities] = await Promise.all([
      this.deps.items.history(id),
      item.observation_id ? this.deps.observations.get(item.observation_id) : null,
      item.superseded_by ? this.deps.items.get(item.superseded_by) : null,
      this.deps.graph.entities(item.entity_ids),
    ]);
    return {
      item,
      history,
      observation,
      superseded_by: successor,
      entities,
      links: {
        trace: item.request_id ? `/traces/${item.request_id}` : null,
        goal: item.goal_id ? `/goals/${item.goal_id}` : null,
      },
    };
  }

  list(query: ItemListQuery) {
    return this.deps.items.page(query);
  }

  edit(id: string, edit: ItemEdit, meta: ChangeMeta) {
    return this.deps.items.edit(id, edit, meta);
  }

  retract(id: string, meta: ChangeMeta) {
    return this.deps.items.transition(id, 'RETRACT', meta);
  }

  restore(id: string, meta: ChangeMeta) {
    return this.deps.items.transition(id, 'RESTORE', meta);
  }

  confirm(id: string, meta: ChangeMeta) {
    return this.deps.items.transition(id, 'CONFIRM', meta);
  }

  pin(id: string, charLimit: number | undefined, meta: ChangeMeta) {
    return this.deps.items.pin(id, charLimit, meta);
  }

  unpin(id: string, meta: ChangeMeta) {
    return this.deps.items.unpin(id, meta);
  }

  /** The path tree: one node per path segment prefix, with counts below it. */
  async tree(): Promise<{ total: number; nodes: TreeNode[] }> {
    const counts = await this.deps.items.pathCounts();
    const nodes = new Map<string, TreeNode>();
    const node = (path: string): TreeNode => {
      let found = nodes.get(path);
      if (!found) {
        const segments = path.split('/');
        found = {
          path,
          name: segments.at(-1) ?? path,
          parent: segments.length > 1 ? segments.slice(0, -1).join('/') : null,
          depth: segments.length,
          items: 0,
          total: 0,
          pinned: 0,
          by_status: { active: 0, provisional: 0, superseded: 0, retracted: 0 },
        };
        nodes.set(path, found);
      }
      return found;
    };
    let total = 0;
    for (const row of counts) {
      total += row.count;
      const segments = row.path.split('/');
      node(row.path).items += row.count;
      for (let depth = 1; depth <= segments.length; depth++) {
        const ancestor = node(segments.slice(0, depth).join('/'));
        ancestor.total += row.count;
        ancestor.by_status[row.status] += row.count;
        if (row.pinned) ancestor.pinned += row.count;
      }
    }
    return { total, nodes: [...nodes.values()].sort((a, b) => a.path.localeCompare(b.path)) };
  }

  // ---- observations

  /** Called with each new observation, whether or not it waits for extraction. */
  onStored(listener: ObservedListener): void {
    this.storedListeners.push(listener);
  }

  /** Called with each new observation that waits for extraction (extraction queues it). */
  onObserved(listener: ObservedListener): void {
    this.observedListeners.push(listener);
  }

  /**
   * Stores what happened (redacted, cut to OBSERVATION_MAX). Extraction is marked pending when
   * it is on; the observation is searchable either way. A source already observed (same
   * source_ref) is not stored twice.
   */
  async observe(input: ObserveInput): Promise<Observation> {
    const extract = await this.extractionOn();
    const { observation, created } = await this.deps.observations.insert({
      source_kind: input.source_kind,
      source_ref: input.source_ref ?? null,
      content: cut(redactText(input.content), OBSERVATION_MAX),
      untrusted: input.untrusted ?? UNTRUSTED_SOURCES.includes(input.source_kind),
      observed_at: input.observed_at ?? new Date(),
      request_id: input.request_id ?? null,
      chat_id: input.chat_id ?? null,
      goal_id: input.goal_id ?? null,
      extraction_status: extract ? 'pending' : 'skipped',
    });
    if (created) for (const listener of this.storedListeners) listener(observation);
    if (created && observation.extraction_status === 'pending')
      for (const listener of this.observedListeners) listener(observation);
    return observation;
  }

  /** On when the operator has not switched it off and a chat model is configured. */
  private async extractionOn(): Promise<boolean> {
    if (!(await this.deps.settings.current()).extraction_enabled) return false;
    // A provider that fails to answer now may answer when the job runs; the job retries.
    return this.deps.extractionModel().then(
      (model) => model !== null,
      () => true,
    );
  }

  async observation(id: string): Promise<{
    observation: Observation;
    items: MemoryItem[];
    relations: Relation[];
    entities: Entity[];
  }> {
    const observation = await this.deps.observations.get(id);
    if (!observation) throw new NotFoundError('No such observation');
    const [items, relations, entities] = await Promise.all([
      this.deps.items.page({ limit: 200, observation_id: id }),
      this.deps.graph.supportedBy(id),
      this.deps.graph.entities(observation.entity_ids),
    ]);
    return { observation, items: items.items, relations, entities };
  }

  observations(query: ObservationListQuery) {
    return this.deps.observations.page(query);
  }

  // ---- knowledge graph and world model

  graph(options: {
    asOf: Date | null;
    entityId?: string | undefined;
    depth: number;
    limit: number;
  }): Promise<Subgraph> {
    return this.deps.graph.subgraph(options);
  }

  entities(options: { q?: string | undefined; type?: string | undefined; limit: number }) {
    return this.deps.graph.list(options);
  }

  /** One entity's timeline: the observations mentioning it and its relations as intervals. */
  async entity(id: string, limit: number) {
    const entity = await this.deps.graph.entity(id);
    if (!entity) throw new NotFoundError('No such entity');
    const relations = await this.deps.graph.relationsOf(id);
    const others = new Set(relations.flatMap((r) => [r.source_id, r.target_id]));
    others.delete(id);
    const [related, observations] = await Promise.all([
      this.deps.graph.entities([...others]),
      this.deps.observations.page({ entity_id: id, limit }),
    ]);
    return {
      entity,
      relations,
      related_entities: related,
      observations: observations.observations,
    };
  }

  // ---- search

  search(options: Parameters<MemorySearch['search']>[0]) {
    return this.deps.search.search(options);
  }

  // ---- state of the memory itself

  /** Whether extraction runs (and why not), how search works, and the limits in force. */
  async status(): Promise<MemoryStatus> {
    const { deps } = this;
    const [settings, counts, pinned, embedding] = await Promise.all([
      deps.settings.current(),
      deps.observations.extractionCounts(),
      deps.items.pinnedBlocks(),
      deps.embedding(),
    ]);
    let model: string | null = null;
    let reason: MemoryStatus['extraction']['reason'] = null;
    try {
      model = await deps.extractionModel();
      if (!model) reason = 'no_model';
    } catch {
      reason = 'model_error';
    }
    if (!settings.extraction_enabled) reason = 'disabled';
    return {
      extraction: {
        enabled: reason === null,
        reason,
        model,
        source: settings.extraction_source,
        observations: counts,
      },
      search: {
        mode:
          settings.embedding_model && deps.capabilities.vector === 'pgvector'
            ? 'hybrid'
            : 'lexical',
        embedding_model: settings.embedding_model,
        embedding_model_source: settings.embedding_model_source,
        vector_backend: deps.capabilities.vector,
        trigram: deps.capabilities.trigram,
      },
      embedding,
      limits: {
        item_text_max: MEMORY_LIMITS.itemTextMax,
        block_limit_min: MEMORY_LIMITS.blockLimitMin,
        block_limit_max: MEMORY_LIMITS.blockLimitMax,
        block_limit_default: MEMORY_LIMITS.blockLimitDefault,
        pinned_total_max: MEMORY_LIMITS.pinnedTotalMax,
        pinned_reserved: pinned.reduce((sum, block) => sum + (block.char_limit ?? 0), 0),
        injection_token_budget: deps.tokenBudget,
      },
    };
  }

  async brain(): Promise<Brain & { status: MemoryStatus }> {
    const [identity, counts, pinned, status] = await Promise.all([
      this.deps.identity(),
      brainCounts(this.deps.db),
      this.deps.items.pinnedBlocks(),
      this.status(),
    ]);
    return {
      identity: {
        ...identity,
        age_seconds: Math.max(0, Math.floor((Date.now() - Date.parse(identity.born_at)) / 1000)),
      },
      counts,
      pinned_blocks: pinned.map(({ id, path, text, chars, char_limit }) => ({
        id,
        path,
        text,
        chars,
        char_limit,
      })),
      status,
    };
  }

  epistemic(): Promise<EpistemicState> {
    return epistemicState(this.deps.db, this.deps.items);
  }

  async integrity(): Promise<IntegrityReport> {
    const settings = await this.deps.settings.current();
    return integrityReport(
      this.deps.db,
      { embeddingModel: settings.embedding_model, patchDigests: this.deps.patchDigests },
      this.deps.capabilities.trigram,
    );
  }
}
