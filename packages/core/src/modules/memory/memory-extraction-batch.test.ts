import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeModelServer, proposedFacts, startFakeOpenAi } from '../../testing/fakes/index.js';
import { type Client, createTestApp, type TestApp } from '../../testing/test-app.js';
import { jobsSchemaFor } from '../jobs/jobs.plugin.js';
import { EXTRACT_QUEUE } from './extraction-queue.js';

const FACT = "The operator's sailing boat is called Gaivota.";

/**
 * Extraction with its default wait (MEMORY_EXTRACTION_IDLE_SECONDS, 10 s): a 20-message
 * conversation is extracted in at most five model calls, and a fact stated once in it reaches
 * another chat's prompt within a minute.
 */
describe('memory extraction batched per chat', () => {
  let t: TestApp;
  let client: Client;
  let model: FakeModelServer;
  const proposal = (facts: string[]) => proposedFacts(facts, 'facts/boats/gaivota');

  beforeAll(async () => {
    model = await startFakeOpenAi();
    // The model proposes the boat fact when the turns it is shown mention the boat.
    model.respond = (request) => {
      if (!request.body?.response_format) return { text: 'Noted.' };
      const prompt = JSON.stringify(request.body.messages);
      return { text: JSON.stringify(proposal(prompt.includes('Gaivota') ? [FACT] : [])) };
    };
    t = await createTestApp({
      env: {
        OPENAI_API_KEY: 'sk-test-0123456789abcdefghijkl',
        OPENAI_BASE_URL: model.baseUrl,
        DEFAULT_MODEL: 'openai/gpt-4o-mini',
        MEMORY_EXTRACTION: 'true',
        // The default, not the test harness's 0.
        MEMORY_EXTRACTION_IDLE_SECONDS: undefined,
      },
    });
    client = await t.login();
  });
  afterAll(async () => {
    await t.close();
    await model.close();
  });

  const chat = async (text: string, chatId: string) => {
    const response = await client.inject({
      method: 'POST',
      url: '/chat',
      payload: { text, chat_id: chatId },
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  /** Extraction jobs queued for a chat, whatever their state. */
  const chatJobs = async (chatId: string) => {
    const { rows } = await t.sql.query(
      `select count(*)::int as count from ${jobsSchemaFor(t.sql.schema)}.job where name = $1 and data->>'chat_id' = $2`,
      [EXTRACT_QUEUE, chatId],
    );
    return (rows[0] as { count: number }).count;
  };
  const extractionCalls = () =>
    model.requests.filter((r) => r.path.endsWith('/chat/completions') && r.body.response_format);

  it('extracts 20 messages in at most 5 calls, and another chat recalls the fact within a minute', async () => {
    const stated = Date.now();
    for (let i = 0; i < 20; i++)
      await chat(
        i === 3 ? 'My sailing boat is called Gaivota.' : `Note number ${i} about the harbour.`,
        'long',
      );
    const deadline = stated + 60_000;
    for (;;) {
      const { observations } = await t.app.memory.observations({ chat_id: 'long', limit: 50 });
      const open = observations.filter((o) => !['done', 'failed'].includes(o.extraction_status));
      if (observations.length === 20 && open.length === 0) break;
      if (Date.now() > deadline) throw new Error(`extraction unfinished: ${open.length} open`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(extractionCalls().length).toBeGreaterThan(0);
    expect(extractionCalls().length).toBeLessThanOrEqual(5);
    // The turns rode on the job the first one queued while it was not yet due: one job, not 20.
    expect(await chatJobs('long')).toBe(1);

    await chat('What is my boat called?', 'elsewhere');
    const prompt = String(
      model.requests.filter((r) => r.path.endsWith('/chat/completions')).at(-1)?.body.messages[0]
        .content,
    );
    expect(prompt).toContain(FACT);
    expect(Date.now() - stated).toBeLessThan(60_000);
  }, 90_000);

  it("queues a new job for a turn that comes after the chat's job fell due, and extracts it when due", async () => {
    const sent = Date.now();
    await chat('Note about the harbour crane.', 'long');
    const deadline = Date.now() + 30_000;
    // The turn is stored and its job queued after the reply.
    while ((await chatJobs('long')) < 2) {
      if (Date.now() > deadline) throw new Error('the later turn queued no job');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    for (;;) {
      const { observations } = await t.app.memory.observations({ chat_id: 'long', limit: 50 });
      if (observations.length === 21 && observations.every((o) => o.extraction_status === 'done'))
        break;
      if (Date.now() > deadline) throw new Error('the later turn was never extracted');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const crane = extractionCalls().filter((r) =>
      JSON.stringify(r.body.messages).includes('crane'),
    );
    expect(crane).toHaveLength(1);
    expect(await chatJobs('long')).toBe(2);
    // The worker was woken when the job fell due (10 s), not left to its next poll (every 10 s).
    expect(Date.now() - sent).toBeLessThan(14_000);
  }, 40_000);
});
