import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Embedder } from './embedder.js';
import { EmbeddingBackfill } from './embedding-backfill.js';
import { ExtractionQueue } from './extraction-queue.js';
import { GraphRepository } from './graph.repository.js';
import { memorySearchSource } from './memory.search.js';
import { MemoryService } from './memory.service.js';
import { createMemorySkills } from './memory.skills.js';
import { MemoryExtractor, TURN_FORMAT } from './memory-extractor.js';
import { MemoryItemsRepository } from './memory-items.repository.js';
import { memoryItemsRoutes } from './memory-items.routes.js';
import { MemoryRecall } from './memory-recall.js';
import { MemorySearch } from './memory-search.js';
import { MemorySettingsStore } from './memory-settings.js';
import { observeOutsideSources } from './memory-sources.js';
import { memoryWorldRoutes } from './memory-world.routes.js';
import { ObservationsRepository } from './observations.repository.js';
import { detectCapabilities, SearchRepository } from './search.repository.js';
import { TermCache } from './term-cache.js';
import { TermUpkeep } from './term-upkeep.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The agent's memory (cognitive state: a Panic Reset wipes its five tables). */
    memory: MemoryService;
    /** The operator's memory choices (configuration: they survive a reset). */
    memorySettings: MemorySettingsStore;
  }
}

/** Memory items, observations, the knowledge graph, search, and their API. */
export const memoryPlugin = fp(
  async (app: FastifyInstance) => {
    const log = app.log.child({ module: 'memory' });
    const db = app.sql.db;
    const capabilities = await detectCapabilities(db, app.sql.backend);
    const settings = new MemorySettingsStore(app.settings, app.config.memory);
    const items = new MemoryItemsRepository(db);
    if (app.sql.backend === 'pglite') {
      const upkeep = new TermUpkeep(db, log);
      items.onWritten(() => upkeep.written());
      app.addHook('onClose', () => upkeep.idle());
    }
    const observations = new ObservationsRepository(db);
    const embedder = new Embedder(app.models, settings);
    const terms = new TermCache(() => items.generation);
    const search = new MemorySearch(
      new SearchRepository(db, capabilities, terms),
      items,
      observations,
      embedder,
      log,
    );
    const graph = new GraphRepository(db);
    const backfill = new EmbeddingBackfill({
      db,
      jobs: app.jobs,
      embedder,
      capabilities,
      backend: app.sql.backend,
      pollingSeconds: JOB_POLLING_SECONDS,
      log,
    });
    const service = new MemoryService({
      db,
      items,
      observations,
      graph,
      search,
      settings,
      capabilities,
      async extractionModel() {
        const resolved = await app.models.resolveDefault();
        return resolved ? `${resolved.providerId}/${resolved.modelName}` : null;
      },
      identity: () => app.identity.get(),
      patchDigests: () => app.selfImprove.patches(),
      tokenBudget: app.config.memory.tokenBudget,
      embedding: () => backfill.progress(),
      log,
    });
    app.decorate('memory', service);
    embedWhatIsWritten(app, service, backfill, items, settings, log);
    observeOutsideSources(app, service, log);
    observeAndExtract(app, service, {
      items,
      observations,
      graph,
      search,
      settings,
      trigram: capabilities.trigram,
      log,
    });
    app.decorate('memorySettings', settings);
    app.health.setMemoryProbe(async () => {
      const named = (await settings.current()).embedding_model !== null;
      const pgvector = capabilities.vector === 'pgvector';
      return {
        status: 'ok',
        recall: !named ? 'lexical' : pgvector ? 'hybrid' : 'lexical_only',
        vector_search: pgvector ? 'pgvector' : 'unavailable',
      };
    });
    app.searchService.register(memorySearchSource(service));
    for (const skill of createMemorySkills(service)) app.skills.register(skill);
    const recall = new MemoryRecall(items, search, app.config.memory.tokenBudget, log);
    app.resetGate.onWiped(() => {
      recall.forget();
      terms.forget();
    });
    app.addHook('onClose', () => recall.flush());
    app.runtime.addContextProvider({
      name: 'memory_recall',
      async provide({ text, signal }) {
        try {
          const budget = await app.configuration.parameter('memory_recall_budget_ms');
          const { sections, itemIds, notes } = await recall.recall(text, signal, budget);
          const guards = notes.map((detail) => ({ verdict: 'flag' as const, detail }));
          return { instructions: [], guards, sections, memoryItems: itemIds };
        } catch (error) {
          if (signal.aborted) throw error;
          // Memory helps the answer; it must not stop it.
          log.warn({ err: error }, 'memory recall failed');
          return {
            instructions: [],
            guards: [{ verdict: 'flag', detail: 'memory recall failed; answered without it' }],
          };
        }
      },
    });
    await app.register(memoryItemsRoutes);
    await app.register(memoryWorldRoutes);
  },
  {
    name: 'memory',
    dependencies: [
      'context',
      'audit',
      'settings',
      'configuration',
      'health',
      'models',
      'identity',
      'selfimprove',
      'search',
      'skills',
      'runtime',
      'jobs',
      'subscriptions',
      'mail',
      'reset-gate',
    ],
  },
);

/**
 * Answered requests become observations (after the reply: they never delay it), and each new
 * observation queues its extraction on the durable job queue.
 */
function observeAndExtract(
  app: FastifyInstance,
  service: MemoryService,
  deps: Omit<ConstructorParameters<typeof MemoryExtractor>[0], 'model' | 'timeoutMs'>,
): void {
  const { log } = deps;
  const extractor = new MemoryExtractor({
    ...deps,
    model: async () => {
      const resolved = await app.models.resolveDefault();
      return resolved ? resolved.languageModel() : null;
    },
    timeoutMs: EXTRACTION_TIMEOUT_MS,
  });
  const queue = new ExtractionQueue(app.jobs, extractor, {
    pollingSeconds: JOB_POLLING_SECONDS,
    log,
  });
  service.onObserved((observation) => {
    const idle = observation.source_kind === 'chat' ? app.config.memory.extractionIdleSeconds : 0;
    const sent =
      idle > 0 && observation.chat_id
        ? queue.sendChatTurn(observation.chat_id, idle)
        : queue.send(observation.id, idle);
    sent.catch((error: unknown) => {
      log.warn({ err: error, observation_id: observation.id }, 'extraction not queued');
    });
  });
  app.resetGate.onWiped(() => queue.forgetQueuedChats());
  const pending = new Set<Promise<unknown>>();
  app.runtime.onAnswered((exchange) => {
    // Arithmetic and clock answers carry nothing worth remembering.
    if (exchange.tier === 'fast_path') return;
    const stored = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() =>
        service.observe({
          source_kind: exchange.goalId ? 'goal' : exchange.depth > 0 ? 'agent' : 'chat',
          content: `${TURN_FORMAT.user}${exchange.text}${TURN_FORMAT.agent}${exchange.reply}`,
          untrusted: exchange.taintedBy.length > 0,
          request_id: exchange.requestId,
          chat_id: exchange.chatId,
          goal_id: exchange.goalId,
        }),
      )
      .catch((error: unknown) => log.warn({ err: error }, 'observation not stored'))
      .finally(() => pending.delete(stored));
    pending.add(stored);
  });
  let working = false;
  app.addHook('onReady', async () => {
    await queue.start();
    working = true;
  });
  // A Panic Reset wipes observations and memory: extraction waits until it is done.
  app.resetGate.onQuiesce({
    name: 'memory',
    async pause() {
      await Promise.allSettled([...pending]);
      await queue.stop();
    },
    resume: () => (working ? queue.start() : undefined),
  });
  app.addHook('onClose', async () => {
    await Promise.allSettled([...pending]);
    await queue.stop();
  });
}

/** New text, and a newly named embedding model, queue the embedding backfill. */
function embedWhatIsWritten(
  app: FastifyInstance,
  service: MemoryService,
  backfill: EmbeddingBackfill,
  items: MemoryItemsRepository,
  settings: MemorySettingsStore,
  log: FastifyBaseLogger,
): void {
  const nudge = () => {
    backfill.nudge().catch((error: unknown) => log.warn({ err: error }, 'embedding not queued'));
  };
  items.onWritten(nudge);
  service.onStored(nudge);
  settings.onChange(nudge);
  let working = false;
  app.addHook('onReady', async () => {
    await backfill.start();
    working = true;
  });
  // Embeddings are written into memory rows: none while a Panic Reset wipes them.
  app.resetGate.onQuiesce({
    name: 'embeddings',
    pause: () => backfill.pause(),
    resume: () => (working ? backfill.resume() : undefined),
  });
  app.addHook('onClose', () => backfill.stop());
}

/** One extraction call: a slow local model may take this long before the job is retried. */
const EXTRACTION_TIMEOUT_MS = 120_000;
/**
 * How often the memory queues' workers look for jobs they were not told of: retries, and jobs
 * another replica queued. A job sent here wakes this replica's worker when it falls due; each
 * empty look costs the database a query, which on the embedded store runs on the server's thread.
 */
const JOB_POLLING_SECONDS = 10;
