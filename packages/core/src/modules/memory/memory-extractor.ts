import type { LanguageModel } from 'ai';
import type { FastifyBaseLogger } from 'fastify';
import type { RawBuilder } from 'kysely';
import { redactText } from '../../security/redact.js';
import { loadAiSdk, sdkSchema } from '../models/ai-sdk.js';
import { sdkChatSpan } from '../telemetry/gen-ai-spans.js';
import {
  EXTRACTION_SYSTEM,
  type Extraction,
  extractionPrompt,
  extractionSchema,
} from './extraction-prompt.js';
import { entityKey, type GraphRepository, mentionEntities } from './graph.repository.js';
import type { Entity, MemoryItem, Observation } from './memory.schema.js';
import type { ChangeMeta, MemoryItemsRepository } from './memory-items.repository.js';
import { cleanPath, MEMORY_LIMITS } from './memory-limits.js';
import { NEAR_DUPLICATE } from './memory-recall.js';
import type { MemorySearch } from './memory-search.js';
import type { MemorySettingsStore } from './memory-settings.js';
import type { ObservationsRepository } from './observations.repository.js';
import { contentHash, trigramSimilarity } from './text-match.js';

/** How a chat turn is written into its observation: the extractor tells the two voices apart by it. */
export const TURN_FORMAT = { user: 'User: ', agent: '\nAgent: ' } as const;

/** Words of at least four letters: what a statement is about, not how it is phrased. */
const contentWords = (text: string) =>
  new Set((text.toLowerCase().match(/[\p{L}\p{N}]{4,}/gu) ?? []).filter(Boolean));

/**
 * Whether a fact is grounded in the operator's words of a chat turn, checked in code: at least
 * half its content words appear in what the user said. A model's "said_by: user" alone is not
 * enough.
 */
export function groundedInUserWords(fact: string, observation: Observation): boolean {
  const content = observation.content;
  if (!content.startsWith(TURN_FORMAT.user)) return true;
  const agentAt = content.indexOf(TURN_FORMAT.agent);
  const userPart = content.slice(TURN_FORMAT.user.length, agentAt < 0 ? undefined : agentAt);
  const words = [...contentWords(fact)];
  if (words.length === 0) return false;
  const said = contentWords(userPart);
  return words.filter((word) => said.has(word)).length * 2 >= words.length;
}

export interface ExtractorDeps {
  items: MemoryItemsRepository;
  observations: ObservationsRepository;
  graph: GraphRepository;
  search: MemorySearch;
  settings: MemorySettingsStore;
  model(): Promise<LanguageModel | null>;
  trigram: boolean;
  timeoutMs: number;
  log: FastifyBaseLogger;
}

export interface ExtractionOutcome {
  status: 'done' | 'skipped' | 'busy';
  /** Observations this call took (a chat's turns go together, up to BATCH_TURNS). */
  turns: number;
  added: string[];
  superseded: string[];
  retracted: string[];
  unchanged: number;
  entities: string[];
  relations: string[];
  expired: string[];
}

/** Chat turns extracted in one model call, at most. */
export const BATCH_TURNS = 8;

const emptyOutcome = (status: ExtractionOutcome['status'], turns = 0): ExtractionOutcome => ({
  status,
  turns,
  added: [],
  superseded: [],
  retracted: [],
  unchanged: 0,
  entities: [],
  relations: [],
  expired: [],
});

/**
 * Turns extracted together, as one observation: their texts in order, the latest turn's
 * identity (facts name it as their source), outside text if any turn held some.
 */
function together(batch: Observation[]): Observation {
  const last = batch.at(-1) as Observation;
  if (batch.length === 1) return last;
  return {
    ...last,
    content: batch.map((turn) => turn.content).join('\n\n'),
    untrusted: batch.some((turn) => turn.untrusted),
  };
}

/** A fact's text as stored: spaces collapsed, within the item limit. */
const factText = (fact: Extraction['facts'][number]) =>
  fact.text.trim().replace(/\s+/g, ' ').slice(0, MEMORY_LIMITS.itemTextMax);

const parseDate = (value: string | null | undefined): Date | null => {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

const relationName = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 60) || 'related_to';

/**
 * Turns one observation into memory. The model proposes facts, entities and relations in one
 * structured call; code decides what is stored: exact duplicates are dropped, near duplicates
 * change a memory only where the model named it, facts only the agent said stay provisional,
 * entities link only by exact name or the model's explicit choice, and a relation ends an older
 * one only when it is later in world time.
 */
export class MemoryExtractor {
  constructor(private readonly deps: ExtractorDeps) {}

  async extract(observationId: string, signal?: AbortSignal): Promise<ExtractionOutcome> {
    const { observations } = this.deps;
    const claimed = await observations.claim(observationId);
    if (!claimed) return emptyOutcome('busy');
    // A chat's turns waiting meanwhile go with it: one model call for a stretch of conversation.
    const batch = [claimed];
    if (claimed.source_kind === 'chat' && claimed.chat_id)
      batch.push(
        ...(await observations.claimChatTurns(claimed.chat_id, claimed.id, BATCH_TURNS - 1)),
      );
    return this.extractTurns(batch, signal);
  }

  /**
   * The chat's oldest turns waiting for extraction, up to BATCH_TURNS, in one model call; `busy`
   * when none waits (another worker took them). A full batch may leave more waiting.
   */
  async extractChat(chatId: string, signal?: AbortSignal): Promise<ExtractionOutcome> {
    const batch = await this.deps.observations.claimChatTurns(chatId, null, BATCH_TURNS);
    return batch.length > 0 ? this.extractTurns(batch, signal) : emptyOutcome('busy');
  }

  private async extractTurns(
    batch: Observation[],
    signal?: AbortSignal,
  ): Promise<ExtractionOutcome> {
    const { deps } = this;
    const outcome = emptyOutcome('done', batch.length);
    batch.sort((a, b) => (a.observed_at < b.observed_at ? -1 : 1));
    const observation = together(batch);
    const finishAll = (
      result: Parameters<ObservationsRepository['finish']>[1],
      along?: RawBuilder<unknown>,
    ) =>
      deps.observations.finish(
        batch.map((turn) => turn.id),
        result,
        along,
      );
    try {
      const model = (await deps.settings.current()).extraction_enabled ? await deps.model() : null;
      if (!model) {
        await finishAll({ status: 'skipped', error: 'extraction is off' });
        outcome.status = 'skipped';
        return outcome;
      }
      const context = await this.context(observation, batch[0]?.observed_at, signal);
      const { generateObject } = await loadAiSdk();
      const schema = await sdkSchema(extractionSchema);
      const result = await sdkChatSpan('memory_extraction', model, (headers) =>
        generateObject({
          model,
          schema,
          schemaName: 'memory_extraction',
          system: EXTRACTION_SYSTEM,
          prompt: redactText(extractionPrompt({ observation, ...context })),
          abortSignal: signal ?? AbortSignal.timeout(deps.timeoutMs),
          maxRetries: 1,
          headers,
        }),
      );
      const entityIds = await this.apply(observation, result.object, context, outcome);
      // The mentions are counted in the statement that marks the turns done.
      const mentioned =
        entityIds.length > 0
          ? mentionEntities(entityIds, new Date(observation.observed_at))
          : undefined;
      await finishAll({ status: 'done', entityIds }, mentioned);
      return outcome;
    } catch (error) {
      const message = redactText(error instanceof Error ? error.message : String(error));
      await finishAll({ status: 'failed', error: message.slice(0, 500) });
      throw error;
    }
  }

  /** The memories and entities the observation may touch, and the chat's last turns. */
  private async context(
    observation: Observation,
    before: string | undefined,
    signal: AbortSignal | undefined,
  ) {
    const { deps } = this;
    const [found, recent] = await Promise.all([
      deps.search.search({
        q: observation.content.slice(0, 1_000),
        scope: 'items',
        limit: 10,
        statuses: ['active', 'provisional'],
        mode: 'auto',
        ...(signal ? { signal } : {}),
      }),
      observation.chat_id
        ? deps.observations.recentInChat(observation.chat_id, before ?? observation.observed_at, 3)
        : [],
    ]);
    const items = found.hits.flatMap((hit) => (hit.type === 'item' ? [hit.item] : []));
    const entityIds = new Set([
      ...items.flatMap((item) => item.entity_ids),
      ...recent.flatMap((o) => o.entity_ids),
    ]);
    const entities = (await deps.graph.entities([...entityIds])).slice(0, 20);
    return { items, entities, recent };
  }

  private async apply(
    observation: Observation,
    extraction: Extraction,
    context: { items: MemoryItem[]; entities: Entity[] },
    outcome: ExtractionOutcome,
  ): Promise<string[]> {
    const entities = await this.resolveEntities(observation, extraction, context.entities);
    outcome.entities = [...new Set(entities.values())].map((entity) => entity.id);
    // Exact duplicates for all the facts in one read, kept current as the facts are applied.
    const live = await this.deps.items.liveHashes(extraction.facts.map(factText).filter(Boolean));
    for (const fact of extraction.facts)
      await this.applyFact(observation, fact, { ...context, live }, entities, outcome);
    for (const relation of extraction.relations)
      await this.applyRelation(observation, relation, entities, outcome);
    return [...new Set([...entities.values()].map((entity) => entity.id))];
  }

  /**
   * Each named entity: the live one with exactly its name and type, else the known one the model
   * certainly meant (its `same_as`), else a new one. Similar names alone never join two. One
   * statement finds and makes them all.
   */
  private async resolveEntities(
    observation: Observation,
    extraction: Extraction,
    known: Entity[],
  ): Promise<Map<string, Entity>> {
    const wanted = new Map<string, { name: string; type: string; meant: Entity | undefined }>();
    const key = (name: string) => name.trim().toLowerCase();
    for (const proposed of extraction.entities) {
      const name = proposed.name.trim().slice(0, 200);
      if (!name || wanted.has(key(name))) continue;
      const type = relationName(proposed.type || 'thing');
      wanted.set(key(name), { name, type, meant: known[proposed.same_as] });
    }
    // Names used by facts and relations but not listed as entities.
    const named = [
      ...extraction.facts.flatMap((fact) => fact.entities),
      ...extraction.relations.flatMap((r) => [r.source, r.target]),
    ];
    for (const name of named) {
      const clean = name.trim().slice(0, 200);
      if (!clean || wanted.has(key(clean))) continue;
      wanted.set(key(clean), { name: clean, type: 'thing', meant: undefined });
    }
    const { existing, created } = await this.deps.graph.resolve(
      [...wanted.values()].map(({ name, type, meant }) => ({ name, type, create: !meant })),
    );
    const byName = new Map<string, Entity>();
    for (const [name, { name: as, type, meant }] of wanted) {
      const at = entityKey(as, type);
      const entity = existing.get(at) ?? meant ?? created.get(at);
      if (entity) byName.set(name, entity);
    }
    this.deps.log.debug(
      { observation_id: observation.id, entities: byName.size },
      'entities resolved',
    );
    return byName;
  }

  private async applyFact(
    observation: Observation,
    fact: Extraction['facts'][number],
    context: { items: MemoryItem[]; live: Set<string> },
    entities: Map<string, Entity>,
    outcome: ExtractionOutcome,
  ): Promise<void> {
    const { items } = this.deps;
    const { live } = context;
    const text = factText(fact);
    if (!text) return;
    if (live.has(contentHash(text))) {
      outcome.unchanged += 1;
      return;
    }
    // Only the operator's own words (checked in code) make a fact active; outside text never does.
    const provisional =
      observation.untrusted ||
      fact.said_by === 'agent' ||
      (fact.said_by === 'user' && !groundedInUserWords(text, observation));
    const named = fact.target !== null ? context.items[fact.target] : undefined;
    const changeable = (item: MemoryItem | undefined) =>
      item && !item.pinned && (item.status === 'active' || item.status === 'provisional');
    const twin = await this.nearTwin(text, context.items);
    const meta: ChangeMeta = {
      actor: 'extractor',
      request_id: observation.request_id,
      reason: `from observation ${observation.id}`,
    };
    const entityIds = fact.entities
      .map((name) => entities.get(name.trim().toLowerCase())?.id)
      .filter((id): id is string => Boolean(id));
    const item = {
      path: cleanPath(fact.path),
      kind: fact.kind,
      text,
      pinned: false,
      status: provisional ? ('provisional' as const) : ('active' as const),
      confidence: Math.min(Math.max(fact.confidence, 0), provisional ? 0.6 : 1),
      source_kind: observation.source_kind,
      source_ref: observation.source_ref,
      request_id: observation.request_id,
      chat_id: observation.chat_id,
      goal_id: observation.goal_id,
      observation_id: observation.id,
      untrusted: observation.untrusted,
      entity_ids: [...new Set(entityIds)],
      valid_at: parseDate(fact.valid_at),
      created_by: 'extractor' as const,
    };
    // Changing or refuting what is known needs the operator's word and the model's explicit target.
    const mayChange = !provisional && changeable(named);
    const added = (stored: MemoryItem) => {
      outcome.added.push(stored.id);
      live.add(stored.content_hash);
    };
    try {
      if (twin && !(fact.op === 'UPDATE' && named?.id === twin.id && mayChange)) {
        outcome.unchanged += 1;
      } else if (fact.op === 'DELETE' && mayChange && named) {
        await items.transition(named.id, 'RETRACT', { ...meta, reason: `${meta.reason}: ${text}` });
        outcome.retracted.push(named.id);
        live.delete(named.content_hash);
      } else if (fact.op === 'UPDATE' && mayChange && named) {
        const successor = await items.supersede(named.id, item, meta);
        live.delete(named.content_hash);
        added(successor);
        outcome.superseded.push(named.id);
      } else if (fact.op !== 'DELETE') {
        added(await items.insert(item, meta));
      }
    } catch (error) {
      // A limit or a concurrent twin refuses one fact; the others still count.
      this.deps.log.info({ err: error, observation_id: observation.id }, 'fact not stored');
    }
  }

  /** The live item most like `text` at or above the near-duplicate threshold. */
  private async nearTwin(text: string, known: MemoryItem[]): Promise<MemoryItem | null> {
    const found = await this.deps.search.search({
      q: text,
      scope: 'items',
      limit: 5,
      statuses: ['active', 'provisional'],
      mode: 'lexical',
    });
    const candidates = [
      ...known,
      ...found.hits.flatMap((hit) => (hit.type === 'item' ? [hit.item] : [])),
    ].filter((item) => item.status === 'active' || item.status === 'provisional');
    let best: MemoryItem | null = null;
    let bestScore = NEAR_DUPLICATE;
    for (const item of candidates) {
      const score = trigramSimilarity(text, item.text);
      if (score >= bestScore) {
        best = item;
        bestScore = score;
      }
    }
    return best;
  }

  private async applyRelation(
    observation: Observation,
    proposed: Extraction['relations'][number],
    entities: Map<string, Entity>,
    outcome: ExtractionOutcome,
  ): Promise<void> {
    const { graph } = this.deps;
    const source = entities.get(proposed.source.trim().toLowerCase());
    const target = entities.get(proposed.target.trim().toLowerCase());
    if (!source || !target || source.id === target.id) return;
    const relation = relationName(proposed.relation);
    const validAt = parseDate(proposed.valid_at) ?? new Date(observation.observed_at);
    let invalidAt = parseDate(proposed.invalid_at);
    const current = await graph.current(source.id, relation);
    const same = current.find((r) => r.target_id === target.id);
    if (same) {
      await graph.support(same.id, observation.id);
      return;
    }
    const others = proposed.replaces_previous ? current : [];
    // A new relation older in world time than a current one ends where the current one starts.
    const laterOne = others
      .map((r) => parseDate(r.valid_at))
      .filter((at): at is Date => at !== null && at > validAt)
      .sort((a, b) => a.getTime() - b.getTime())[0];
    if (laterOne && (invalidAt === null || invalidAt > laterOne)) invalidAt = laterOne;
    const added = await graph.insertRelation({
      source_id: source.id,
      target_id: target.id,
      relation,
      fact: proposed.fact.trim().slice(0, 1_000) || `${source.name} ${relation} ${target.name}`,
      valid_at: validAt,
      invalid_at: invalidAt,
      observation_id: observation.id,
      confidence: observation.untrusted ? 0.5 : 0.8,
    });
    outcome.relations.push(added.id);
    // Outside text never ends what the store believes; only a later relation in world time does.
    if (observation.untrusted) return;
    for (const old of others) {
      const oldValid = parseDate(old.valid_at);
      if (oldValid === null || oldValid >= validAt) continue;
      // Already over in the world before the new one began: history, nothing to end.
      const oldEnd = parseDate(old.invalid_at);
      if (oldEnd !== null && oldEnd <= validAt) continue;
      await graph.expire(old.id, validAt, added.id);
      outcome.expired.push(old.id);
    }
  }
}
