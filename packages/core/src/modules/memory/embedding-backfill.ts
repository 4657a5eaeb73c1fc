import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type PgBoss from 'pg-boss';
import { redactText } from '../../security/redact.js';
import type { Database } from '../../store/database.js';
import type { Embedder } from './embedder.js';
import type { SearchCapabilities } from './search.repository.js';
import { arrayLiteral, vectorLiteral } from './vectors.js';
import './memory.tables.js';

export const EMBED_QUEUE = 'memory_embed';
/** Texts per embedding call: one provider request, one short transaction of updates. */
export const EMBED_BATCH = 32;
/** Batches one job embeds before it hands the rest to a fresh job (no job runs for hours). */
const BATCHES_PER_JOB = 50;

export interface EmbeddingProgress {
  /**
   * off: lexical mode; pending: rows wait for a worker; running: this replica is embedding;
   * failed: its last run failed (retried with backoff); done: every row has a vector.
   */
  state: 'off' | 'pending' | 'running' | 'failed' | 'done';
  model: string | null;
  /** Live items (active, provisional): with a vector of `model`, and in all. */
  items: { embedded: number; total: number };
  observations: { embedded: number; total: number };
  last_error: string | null;
  last_run_at: string | null;
}

interface Pending {
  id: string;
  text: string;
  hash: string | null;
}

/**
 * Fills in vectors for the embedding model in use: items and observations written while search
 * was lexical, written since the last run, or embedded by a model the operator has replaced.
 * It runs on the durable job queue (one job at a time, one more waiting), in batches, newest
 * rows first, so hybrid search covers what matters soonest; every write of memory nudges it.
 */
export class EmbeddingBackfill {
  private started = false;
  private stopping = false;
  private workerId: string | null = null;
  private running = false;
  private current: Promise<unknown> | null = null;
  private lastError: string | null = null;
  private lastRunAt: Date | null = null;
  private readonly indexed = new Set<string>();

  constructor(
    private readonly deps: {
      db: Kysely<Database>;
      jobs: PgBoss;
      embedder: Embedder;
      capabilities: SearchCapabilities;
      /** PostgreSQL builds vector indexes concurrently; PGlite has one connection anyway. */
      backend: 'pglite' | 'postgres';
      pollingSeconds: number;
      log: FastifyBaseLogger;
    },
  ) {}

  async start(): Promise<void> {
    const { jobs } = this.deps;
    await jobs.createQueue(EMBED_QUEUE, {
      name: EMBED_QUEUE,
      policy: 'stately',
      retryLimit: 5,
      retryDelay: 10,
      retryBackoff: true,
    });
    this.workerId = await jobs.work(
      EMBED_QUEUE,
      { batchSize: 1, pollingIntervalSeconds: this.deps.pollingSeconds },
      async () => {
        const run = this.run();
        this.current = run;
        try {
          await run;
        } finally {
          this.current = null;
        }
      },
    );
    this.started = true;
    await this.nudge();
  }

  /**
   * Queues a run when a model is configured; a run already waiting absorbs it. This replica's
   * worker is woken to take it (at once, or as soon as the run under way ends): the worker's
   * polling only serves retries and other replicas' runs.
   */
  async nudge(): Promise<void> {
    if (!this.started || this.stopping) return;
    if (!(await this.deps.embedder.modelRef())) return;
    await this.deps.jobs.send(EMBED_QUEUE, {});
    if (this.workerId) this.deps.jobs.notifyWorker(this.workerId);
  }

  async stop(): Promise<void> {
    this.stopping = true;
    if (this.started) await this.deps.jobs.offWork(EMBED_QUEUE).catch(() => {});
    await this.current?.catch(() => {});
  }

  /** Stops like stop(), and takes work again after resume() (a Panic Reset wipes memory). */
  async pause(): Promise<void> {
    await this.stop();
    this.started = false;
  }

  async resume(): Promise<void> {
    this.stopping = false;
    await this.start();
  }

  /** Computed from the rows; the run state is this replica's. */
  async progress(): Promise<EmbeddingProgress> {
    const model = await this.deps.embedder.modelRef();
    const [items, observations] = await Promise.all([
      this.coverage('memory_items', model),
      this.coverage('observations', model),
    ]);
    const pending = items.total - items.embedded + observations.total - observations.embedded;
    return {
      state: !model
        ? 'off'
        : this.running
          ? 'running'
          : this.lastError
            ? 'failed'
            : pending > 0
              ? 'pending'
              : 'done',
      model,
      items,
      observations,
      last_error: model ? this.lastError : null,
      last_run_at: this.lastRunAt?.toISOString() ?? null,
    };
  }

  /** Embeds batches until none is left (or this job's share is done); provider failures throw. */
  private async run(): Promise<void> {
    this.running = true;
    try {
      for (let batch = 0; batch < BATCHES_PER_JOB; batch++) {
        if (this.stopping) return;
        const model = await this.deps.embedder.modelRef();
        if (!model) break;
        const embedded =
          (await this.embedBatch('memory_items', model)) +
          (await this.embedBatch('observations', model));
        if (embedded === 0) {
          await this.ensureIndexes(model);
          this.lastError = null;
          return;
        }
      }
      // More is left: a fresh job continues (the queue's policy lets one wait behind this one).
      await this.deps.jobs.send(EMBED_QUEUE, {});
      this.lastError = null;
    } catch (error) {
      this.lastError = redactText((error as Error).message).slice(0, 300);
      this.deps.log.warn({ err: error }, 'embedding backfill failed; retried with backoff');
      throw error;
    } finally {
      this.running = false;
      this.lastRunAt = new Date();
    }
  }

  /** One batch of one table; how many rows got a vector. */
  private async embedBatch(table: 'memory_items' | 'observations', model: string) {
    const rows = await this.pendingRows(table, model);
    if (rows.length === 0) return 0;
    const result = await this.deps.embedder.embed(rows.map((row) => row.text));
    if (!result || result.model !== model) return 0;
    const literal = this.deps.capabilities.vector === 'pgvector' ? vectorLiteral : arrayLiteral;
    await this.deps.db.transaction().execute(async (trx) => {
      for (const [index, row] of rows.entries()) {
        const vector = result.vectors[index];
        if (!vector) continue;
        // An item edited meanwhile keeps its new text's empty vector: the next batch takes it.
        const unchanged = row.hash === null ? sql`` : sql`and content_hash = ${row.hash}`;
        await sql`update ${sql.table(table)}
          set embedding = ${literal(vector)}, embedding_model = ${model}
          where id = ${row.id} ${unchanged}`.execute(trx);
      }
    });
    return rows.length;
  }

  /**
   * With pgvector, a partial HNSW index per table, model and dimension: the expression and
   * predicate SearchRepository.nearest() orders by, so a query reads the index, not every row.
   */
  private async ensureIndexes(model: string): Promise<void> {
    if (this.deps.capabilities.vector !== 'pgvector') return;
    for (const table of ['memory_items', 'observations'] as const) {
      const found = await sql<{ dims: number }>`
        select vector_dims(embedding) as dims from ${sql.table(table)}
        where embedding_model = ${model} and embedding is not null limit 1`.execute(this.deps.db);
      const dims = Number(found.rows[0]?.dims ?? 0);
      const key = `${table}:${model}:${dims}`;
      if (!dims || this.indexed.has(key)) continue;
      const digest = createHash('sha256').update(`${model}:${dims}`).digest('hex').slice(0, 12);
      const concurrently = sql.raw(this.deps.backend === 'postgres' ? 'concurrently' : '');
      await sql`create index ${concurrently} if not exists ${sql.id(`${table}_hnsw_${digest}`)}
        on ${sql.table(table)} using hnsw ((embedding::${sql.raw(`vector(${dims})`)}) vector_cosine_ops)
        where embedding_model = ${sql.lit(model)} and vector_dims(embedding) = ${sql.lit(dims)}`.execute(
        this.deps.db,
      );
      this.indexed.add(key);
    }
  }

  private async pendingRows(table: 'memory_items' | 'observations', model: string) {
    if (table === 'memory_items') {
      const result = await sql<Pending>`
        select id, text, content_hash as hash from memory_items
        where status in ('active', 'provisional')
          and (embedding is null or embedding_model is distinct from ${model})
        order by created_at desc, id desc
        limit ${EMBED_BATCH}`.execute(this.deps.db);
      return result.rows;
    }
    const result = await sql<Pending>`
      select id, content as text, null as hash from observations
      where embedding is null or embedding_model is distinct from ${model}
      order by observed_at desc, id desc
      limit ${EMBED_BATCH}`.execute(this.deps.db);
    return result.rows;
  }

  private async coverage(table: 'memory_items' | 'observations', model: string | null) {
    const live =
      table === 'memory_items' ? sql`where status in ('active', 'provisional')` : sql`where true`;
    const result = await sql<{ total: string; embedded: string }>`
      select count(*) as total,
        count(*) filter (where embedding is not null and embedding_model = ${model ?? ''}) as embedded
      from ${sql.table(table)} ${live}`.execute(this.deps.db);
    const row = result.rows[0];
    return { embedded: Number(row?.embedded ?? 0), total: Number(row?.total ?? 0) };
  }
}
