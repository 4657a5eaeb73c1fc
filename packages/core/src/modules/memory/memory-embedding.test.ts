import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FAKE_EMBEDDING_DIMS,
  type FakeModelServer,
  fakeEmbedding,
  startFakeOpenAi,
} from '../../testing/fakes/index.js';
import { sqlTestBackends } from '../../testing/services.js';
import { type Client, createTestApp, type TestApp } from '../../testing/test-app.js';
import type { MemoryStatus } from './memory.service.js';
import { cosine, parseVector } from './vectors.js';

/**
 * Vectors named later: memory written in lexical mode is embedded by the background backfill
 * once the operator names an embedding model (the fake OpenAI server's deterministic embedder),
 * new and edited text follows, and hybrid search scores with the stored vectors through pgvector
 * on PGlite. The test PostgreSQL has no pgvector: it stores the vectors (`real[]`) but searches
 * lexically, without asking the provider for a query vector.
 */
describe.each(await sqlTestBackends())('memory embedding backfill (%s)', (backend) => {
  let t: TestApp;
  let client: Client;
  let model: FakeModelServer;
  const texts = [
    'The operator keeps bees on the roof of the Porto flat.',
    'Quarterly taxes are due on the fifteenth of April.',
    'The garden shed key hangs behind the kitchen door.',
  ];
  const ids: string[] = [];

  beforeAll(async () => {
    model = await startFakeOpenAi();
    t = await createTestApp({
      sql: backend,
      env: {
        OPENAI_API_KEY: 'sk-test-0123456789abcdefghijkl',
        OPENAI_BASE_URL: model.baseUrl,
        DEFAULT_MODEL: 'openai/gpt-4o-mini',
        MEMORY_EXTRACTION: 'false',
      },
    });
    client = await t.login();
  }, 180_000);
  afterAll(async () => {
    await t.close();
    await model.close();
  });

  const status = async () => {
    const response = await client.inject({ method: 'GET', url: '/api/memory/status' });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as MemoryStatus;
  };
  const settle = async (done: (s: MemoryStatus) => boolean): Promise<MemoryStatus> => {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const current = await status();
      if (done(current)) return current;
      if (Date.now() > deadline)
        throw new Error(`embedding did not settle: ${JSON.stringify(current.embedding)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
  const useModel = async (embedding_model: string | null) => {
    const response = await client.inject({
      method: 'PUT',
      url: '/api/memory/settings',
      payload: { embedding_model },
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  const stored = async (table: 'memory_items' | 'observations', id: string) => {
    const result = await sql<{ embedding: unknown; embedding_model: string | null }>`
      select embedding::real[] as embedding, embedding_model from ${sql.table(table)}
      where id = ${id}`.execute(t.app.sql.db);
    const row = result.rows[0];
    return { vector: parseVector(row?.embedding), model: row?.embedding_model ?? null };
  };
  const embeddingCalls = () => model.requests.filter((r) => r.path === '/v1/embeddings');

  it('stores nothing to embed in lexical mode and says the backfill is off', async () => {
    for (const [index, text] of texts.entries()) {
      const response = await client.inject({
        method: 'POST',
        url: '/api/memory/items',
        payload: { path: `facts/home/${index}`, text },
      });
      expect(response.statusCode, response.body).toBe(201);
      ids.push((response.json() as { id: string }).id);
    }
    await t.app.memory.observe({
      source_kind: 'chat',
      content: 'User: where do the bees live? Agent: on the roof in Porto.',
    });
    const current = await status();
    expect(current.search.vector_backend).toBe(backend === 'pglite' ? 'pgvector' : 'none');
    expect(current.embedding).toMatchObject({
      state: 'off',
      model: null,
      items: { embedded: 0, total: 3 },
      observations: { embedded: 0, total: 1 },
    });
    expect(embeddingCalls()).toHaveLength(0);
  });

  it('embeds what was stored once the operator names a model, with its progress in the status', async () => {
    await useModel('openai/text-embedding-3-small');
    const done = await settle((s) => s.embedding.state === 'done');
    expect(done.embedding).toMatchObject({
      model: 'openai/text-embedding-3-small',
      items: { embedded: 3, total: 3 },
      observations: { embedded: 1, total: 1 },
      last_error: null,
    });
    expect(done.embedding.last_run_at).not.toBeNull();
    for (const [index, id] of ids.entries()) {
      const { vector, model: name } = await stored('memory_items', id);
      expect(name).toBe('openai/text-embedding-3-small');
      expect(vector).toHaveLength(FAKE_EMBEDDING_DIMS);
      expect(cosine(vector, fakeEmbedding(texts[index] as string))).toBeGreaterThan(0.9999);
    }
    // Batched: one call covered the three items.
    expect(embeddingCalls()[0]?.body.input).toHaveLength(3);
    // pgvector gets the partial HNSW index nearest() reads; without pgvector there is none.
    const indexes = await sql<{ indexdef: string }>`
      select indexdef from pg_indexes where tablename = 'memory_items' and indexdef like '%hnsw%'`.execute(
      t.app.sql.db,
    );
    if (backend === 'pglite')
      expect(indexes.rows.map((row) => row.indexdef).join('\n')).toContain(
        `WHERE ((embedding_model = 'openai/text-embedding-3-small'::text) AND (vector_dims(embedding) = ${FAKE_EMBEDDING_DIMS}))`,
      );
    else expect(indexes.rows).toEqual([]);
  });

  it('scores hybrid search with the stored vectors (pgvector), else searches lexically', async () => {
    const q = 'bees on the roof';
    const calls = embeddingCalls().length;
    const response = await client.inject({
      method: 'GET',
      url: `/api/memory/search?q=${encodeURIComponent(q)}&scope=items`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json() as {
      mode: string;
      vector_backend: string;
      hits: Array<{ item: { id: string; text: string }; scores: { vector: number | null } }>;
    };
    if (backend !== 'pglite') {
      expect(result).toMatchObject({ mode: 'lexical', vector_backend: 'none' });
      expect(result.hits[0]?.item.id).toBe(ids[0]);
      expect(result.hits.every((hit) => hit.scores.vector === null)).toBe(true);
      expect(embeddingCalls()).toHaveLength(calls);
      return;
    }
    expect(result.mode).toBe('hybrid');
    const top = result.hits[0];
    expect(top?.item.id).toBe(ids[0]);
    expect(top?.scores.vector).toBeCloseTo(
      cosine(fakeEmbedding(q), fakeEmbedding(texts[0] as string)),
      4,
    );
    // Every item has a vector, so each one is in the vector list with its own cosine.
    const vectorHits = result.hits.filter((hit) => hit.scores.vector !== null);
    expect(vectorHits.map((hit) => hit.item.id).sort()).toEqual([...ids].sort());
  });

  it('says on /health whether recall uses the vectors or is lexical only', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/health' });
    expect(response.json().components.memory).toEqual(
      backend === 'pglite'
        ? { status: 'ok', recall: 'hybrid', vector_search: 'pgvector' }
        : { status: 'ok', recall: 'lexical_only', vector_search: 'unavailable' },
    );
  });

  it('recalls for a greeting without asking the provider for a vector', async () => {
    // The backfill embeds each chat's observation too: count only the query's own embeddings.
    const queries = (text: string) =>
      embeddingCalls().filter((r) => JSON.stringify(r.body.input) === JSON.stringify([text]));
    for (const text of ['Say hello', 'Who keeps bees on the roof?']) {
      const response = await client.inject({
        method: 'POST',
        url: '/chat',
        payload: { text, chat_id: 'greeting' },
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    expect(queries('Say hello')).toHaveLength(0);
    expect(queries('Who keeps bees on the roof?')).toHaveLength(backend === 'pglite' ? 1 : 0);
  });

  it('embeds new and edited text as it is written', async () => {
    const created = await client.inject({
      method: 'POST',
      url: '/api/memory/items',
      payload: { path: 'facts/home/wifi', text: 'The guest wifi is called Colmeia.' },
    });
    const id = (created.json() as { id: string }).id;
    await settle((s) => s.embedding.items.embedded === 4 && s.embedding.state === 'done');
    expect((await stored('memory_items', id)).vector).toHaveLength(FAKE_EMBEDDING_DIMS);

    const edited = await client.inject({
      method: 'PATCH',
      url: `/api/memory/items/${ids[1]}`,
      payload: { text: 'Quarterly taxes are due on the twentieth of April.' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await settle((s) => s.embedding.items.embedded === 4 && s.embedding.state === 'done');
    const { vector } = await stored('memory_items', ids[1] as string);
    expect(
      cosine(vector, fakeEmbedding('Quarterly taxes are due on the twentieth of April.')),
    ).toBeGreaterThan(0.9999);
  });

  it('reports a provider failure and re-embeds everything for a replacing model', async () => {
    await useModel('openai/no-such-embedder');
    const failed = await settle((s) => s.embedding.state === 'failed');
    expect(failed.embedding.last_error).toBeTruthy();
    expect(failed.embedding.items.embedded).toBe(0);

    await useModel('openai/text-embedding-3-large');
    const done = await settle((s) => s.embedding.state === 'done');
    expect(done.embedding.items).toEqual({ embedded: 4, total: 4 });
    expect((await stored('memory_items', ids[0] as string)).model).toBe(
      'openai/text-embedding-3-large',
    );
  });
});
