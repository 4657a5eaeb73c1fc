import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { DefaultModelResolver } from './default-model.js';
import type { DefaultModel } from './models.schema.js';
import type { ProviderRecord } from './provider-registry.js';

const TTL_MS = 400;
/** A store read as slow as it may be: a caller that waits for one is easy to see. */
const READ_MS = 60;

const openai: ProviderRecord = {
  id: 'openai',
  kind: 'openai',
  label: 'OpenAI',
  baseUrl: 'https://api.openai.com/v1',
  source: 'env',
  envVars: ['OPENAI_API_KEY'],
  envKey: 'sk-test-default-model-0123456789',
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('DefaultModelResolver in a conversation', () => {
  let resolver: DefaultModelResolver;
  let stored: DefaultModel = { provider_id: 'openai', model: 'gpt-4o-mini' };
  let reads = 0;

  const start = () => {
    reads = 0;
    resolver = new DefaultModelResolver({
      providers: async () => [openai],
      apiKey: async (record) => record.envKey ?? null,
      // What the store held when the read began, answered when it ends.
      explicitDefaults: async () => {
        reads += 1;
        const held = stored;
        await sleep(READ_MS);
        return [held];
      },
      logger: pino({ level: 'silent' }) as FastifyBaseLogger,
      resolveTtlMs: TTL_MS,
    });
  };
  afterEach(() => resolver.close());

  it('answers without waiting for the store while asked, and still sees a change within the TTL', async () => {
    start();
    stored = { provider_id: 'openai', model: 'gpt-4o-mini' };
    await resolver.resolve();
    const waits: number[] = [];
    let changedAt = 0;
    let seenAt = 0;
    const began = Date.now();
    while (Date.now() - began < TTL_MS * 5) {
      if (!changedAt && Date.now() - began > TTL_MS * 2) {
        stored = { provider_id: 'openai', model: 'gpt-4o' };
        changedAt = Date.now();
      }
      const asked = performance.now();
      const resolved = await resolver.resolve();
      waits.push(performance.now() - asked);
      if (changedAt && !seenAt && resolved?.modelName === 'gpt-4o') seenAt = Date.now();
      await sleep(20);
    }
    // Every answer came from memory: the reloads ran on the timer, beside the callers.
    expect(Math.max(...waits)).toBeLessThan(READ_MS / 2);
    expect(reads).toBeGreaterThan(3);
    expect(seenAt).toBeGreaterThan(0);
    expect(seenAt - changedAt).toBeLessThanOrEqual(TTL_MS + READ_MS + 50);
  });

  it('stops reading once nobody asks, and then reads on the next ask', async () => {
    start();
    await resolver.resolve();
    await sleep(TTL_MS * 3);
    const idle = reads;
    await sleep(TTL_MS * 3);
    expect(reads).toBe(idle);
    const asked = performance.now();
    await resolver.resolve();
    expect(performance.now() - asked).toBeGreaterThanOrEqual(READ_MS - 5);
    expect(reads).toBe(idle + 1);
  });

  it('keeps no reload that a change made here overtook', async () => {
    start();
    stored = { provider_id: 'openai', model: 'gpt-4o-mini' };
    await resolver.resolve();
    // A reload starts on the timer and is still reading when the change lands here; it ends
    // before the read the change causes, with what it read before the change.
    while (reads < 2) await sleep(2);
    stored = { provider_id: 'openai', model: 'o3' };
    resolver.invalidate();
    expect((await resolver.resolve())?.modelName).toBe('o3');
    // The reload has ended; the timer's next one has not.
    await sleep(READ_MS / 2);
    expect((await resolver.resolve())?.modelName).toBe('o3');
  });
});
