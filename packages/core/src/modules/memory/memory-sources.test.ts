import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakeFeeds,
  prependRssItems,
  readFeedFixture,
  rssItem,
  startFakeFeeds,
} from '../../testing/fakes/fake-feeds.js';
import { type FakeImap, startFakeImap } from '../../testing/fakes/fake-imap.js';
import { lastUserText } from '../../testing/fakes/fake-model-script.js';
import {
  type FakeModelServer,
  type RecordedModelRequest,
  startFakeOpenAi,
} from '../../testing/fakes/index.js';
import { sqlTestBackends } from '../../testing/services.js';
import { type Client, createTestApp, type TestApp } from '../../testing/test-app.js';
import type { Agent } from '../agents/agents.schema.js';
import { configureGoalsTiming, FAST_GOALS_TIMING } from '../goals/goals-timing.js';
import {
  createGoal,
  MODEL_KEY,
  modelEnv,
  runs,
  waitFor,
  waitForStatus,
} from '../goals/test-support/goal-fixtures.js';
import type { Trace } from '../traces/traces.schema.js';
import type { Extraction } from './extraction-prompt.js';
import { EXTRACTION_SYSTEM } from './extraction-prompt.js';
import type { MemoryItem, Observation } from './memory.schema.js';
import type { SourceKind } from './memory.tables.js';

configureGoalsTiming(FAST_GOALS_TIMING);

const SECRET = 'sk-live-abcdefghijklmnopqrstuvwx';
const FERRY = 'The Barreiro ferry leaves Terreiro do Paço every 30 minutes.';
const IMAP_USER = 'agent@example.com';
const IMAP_PASSWORD = 'Imap S3cret/pw#2';

/** The fact the fake model extracts from an observation, by a word the observation contains. */
const FACTS: Array<{ when: string; text: string }> = [
  { when: 'Gannet', text: 'The Gannet Harbour Run starts at the old pier.' },
  { when: 'Kestrel', text: 'The Kestrel project review moved to Thursday.' },
  { when: 'timetable', text: 'The ferry timetable was checked for the goal.' },
  { when: 'Montijo', text: 'A ferry also runs to Montijo.' },
];

const isExtraction = (request: RecordedModelRequest) =>
  String(request.body?.messages?.[0]?.content ?? '').startsWith(EXTRACTION_SYSTEM.slice(0, 40));
const isPlanning = (request: RecordedModelRequest) =>
  request.body?.response_format !== undefined && !isExtraction(request);

function extraction(request: RecordedModelRequest): Extraction {
  // Only the observation itself, not the known memories listed before it.
  const prompt = lastUserText(request.body).split('\nObservation:\n').at(-1) ?? '';
  const found = FACTS.find((fact) => prompt.includes(fact.when));
  return {
    facts: found
      ? [
          {
            text: found.text,
            kind: 'fact',
            path: `facts/sources/${found.when.toLowerCase()}`,
            confidence: 0.9,
            said_by: 'source',
            op: 'ADD',
            target: null,
            entities: [],
            valid_at: null,
          },
        ]
      : [],
    entities: [],
    relations: [],
  };
}

/**
 * Observations beyond the chat: goal tasks, sub-agent runs, feed items and mail are stored
 * (redacted) and extracted through the durable queue, and goal tasks and sub-agents get the
 * recalled memory in their prompt, named in their trace.
 */
describe.each(await sqlTestBackends())('observations from every source (%s)', (backend) => {
  let t: TestApp;
  let client: Client;
  let model: FakeModelServer;
  let feeds: FakeFeeds;
  let imap: FakeImap;
  let ferry: MemoryItem;

  // Four fake servers and an app: slow on a busy machine.
  beforeAll(async () => {
    model = await startFakeOpenAi({ apiKey: MODEL_KEY });
    model.respond = (request) => {
      if (isExtraction(request)) return { text: JSON.stringify(extraction(request)) };
      if (isPlanning(request))
        return {
          text: JSON.stringify({
            tasks: [
              {
                key: 'a',
                title: 'Check the ferry timetable',
                instruction: 'How often does the Barreiro ferry leave? Check the timetable.',
                depends_on: [],
              },
            ],
          }),
        };
      return { text: `Done: ${lastUserText(request.body).slice(0, 40)}` };
    };
    feeds = await startFakeFeeds();
    imap = await startFakeImap({
      user: IMAP_USER,
      password: IMAP_PASSWORD,
      messages: [
        {
          from: 'Dana <dana@example.com>',
          subject: 'Kestrel review',
          text: `The Kestrel project review moved to Thursday. Token: ${SECRET}`,
          date: new Date('2026-03-02T10:30:00Z'),
        },
        {
          from: 'Eli <eli@example.org>',
          subject: 'Lunch',
          text: 'Noon at the usual place?',
          date: new Date('2026-03-03T08:00:00Z'),
        },
      ],
    });
    t = await createTestApp({
      sql: backend,
      env: {
        ...modelEnv(model),
        MEMORY_EXTRACTION: 'true',
        SSRF_ALLOWLIST: '127.0.0.1',
        IMAP_URL: imap.url,
      },
    });
    client = await t.login();
    const response = await client.inject({
      method: 'POST',
      url: '/api/memory/items',
      payload: { path: 'facts/travel/ferry', text: FERRY },
    });
    expect(response.statusCode, response.body).toBe(201);
    ferry = response.json() as MemoryItem;
  }, 180_000);
  afterAll(async () => {
    await t.close();
    await model.close();
    await feeds.close();
    await imap.close();
  });

  const observed = (source_kind: SourceKind, chat_id?: string) =>
    waitFor(async () => {
      const { observations } = await t.app.memory.observations({
        source_kind,
        limit: 50,
        ...(chat_id ? { chat_id } : {}),
      });
      const settled = observations.filter((o) =>
        ['done', 'failed', 'skipped'].includes(o.extraction_status),
      );
      return observations.length > 0 && settled.length === observations.length && observations;
    }, `${source_kind} observations`) as Promise<Observation[]>;
  const itemsOf = async (observation: Observation) =>
    (await t.app.memory.list({ limit: 10, observation_id: observation.id })).items;
  const trace = async (id: string) =>
    (await client.inject({ method: 'GET', url: `/api/traces/${id}` })).json() as Trace;
  const systemPrompt = (request: RecordedModelRequest | undefined) =>
    String(request?.body.messages[0].content);

  it('gives a goal task the recalled memory, names it in the trace, and observes the task', async () => {
    const goalId = await createGoal(client, 'Find out how often the ferry leaves');
    await waitForStatus(client, goalId, 'completed');
    const task = model.requests.find(
      (r) => r.path.endsWith('/chat/completions') && !isPlanning(r) && !isExtraction(r),
    );
    expect(systemPrompt(task)).toContain(FERRY);
    const [run] = await runs(client, goalId);
    expect((await trace(run?.request_id as string)).memory_items).toEqual([ferry.id]);

    const [observation] = await observed('goal', `goal:${goalId}`);
    expect(observation).toMatchObject({
      source_kind: 'goal',
      goal_id: goalId,
      request_id: run?.request_id,
      extraction_status: 'done',
      untrusted: false,
    });
    expect(observation?.content).toContain('Barreiro ferry');
    const [item] = await itemsOf(observation as Observation);
    expect(item).toMatchObject({
      text: 'The ferry timetable was checked for the goal.',
      source_kind: 'goal',
      goal_id: goalId,
    });
  });

  it('gives a sub-agent the recalled memory, names it in the trace, and observes the run', async () => {
    const created = await client.inject({
      method: 'POST',
      url: '/api/agents',
      payload: { name: 'Navigator', objective: 'Plan crossings', priority: 5 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const agent = created.json() as Agent;
    const sent = await client.inject({
      method: 'POST',
      url: `/api/agents/${agent.agent_id}/messages`,
      payload: { text: 'Is there a Barreiro ferry, and does one go to Montijo?' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const reply = sent.json() as { request_id: string };
    // The run's own call, not the extraction of its observation, which may already have gone out.
    const call = model.requests.findLast(
      (r) =>
        r.path.endsWith('/chat/completions') &&
        !isExtraction(r) &&
        lastUserText(r.body).includes('Montijo'),
    );
    expect(systemPrompt(call)).toContain(FERRY);
    // The goal's extracted fact mentions the ferry too: relevant, so it rides along.
    expect((await trace(reply.request_id)).memory_items).toContain(ferry.id);

    const [observation] = await observed('agent', `agent:${agent.agent_id}`);
    expect(observation).toMatchObject({ source_kind: 'agent', request_id: reply.request_id });
    expect((await itemsOf(observation as Observation))[0]?.text).toBe(
      'A ferry also runs to Montijo.',
    );
  });

  it('observes an announced feed item redacted and untrusted, once, and extracts it provisionally', async () => {
    const link = 'https://tideline.example.org/2026/11/30/harbour-run/';
    const rss = prependRssItems(
      await readFeedFixture('wordpress-rss2.xml'),
      rssItem({
        title: 'Harbour Run route',
        link,
        guid: 'https://tideline.example.org/?p=4900',
        pubDate: 'Mon, 30 Nov 2026 09:30:00 +0000',
        html: `<p>This year the Gannet Harbour Run starts at the old pier. Entry code ${SECRET}.</p>`,
      }),
    );
    feeds.setFeed('/tideline/feed/', rss);
    const subscribed = await client.inject({
      method: 'POST',
      url: '/api/subscriptions',
      payload: {
        kind: 'feed',
        name: 'Tideline',
        url: feeds.feedUrl('/tideline/feed/'),
        enabled: false,
      },
    });
    expect(subscribed.statusCode, subscribed.body).toBe(201);
    const id = (subscribed.json() as { subscription_id: string }).subscription_id;
    const check = () => client.inject({ method: 'POST', url: `/api/subscriptions/${id}/check` });
    expect((await check()).statusCode).toBe(200);

    const observations = await observed('feed');
    // The first poll announces the newest three; each is one observation.
    expect(observations).toHaveLength(3);
    const harbour = observations.find((o) => o.source_ref === link) as Observation;
    expect(harbour).toMatchObject({ untrusted: true, extraction_status: 'done' });
    expect(Date.parse(harbour.observed_at)).toBe(Date.parse('2026-11-30T09:30:00Z'));
    expect(harbour.content).toContain('Feed item from Tideline: Harbour Run route');
    expect(harbour.content).not.toContain(SECRET);
    expect(JSON.stringify(model.requests.filter(isExtraction))).not.toContain(SECRET);
    const [item] = await itemsOf(harbour);
    expect(item).toMatchObject({
      text: 'The Gannet Harbour Run starts at the old pier.',
      source_kind: 'feed',
      status: 'provisional',
      untrusted: true,
    });

    // Polled again with nothing new: nothing is observed twice.
    expect((await check()).statusCode).toBe(200);
    expect(
      (await t.app.memory.observations({ source_kind: 'feed', limit: 50 })).observations,
    ).toHaveLength(3);
  });

  it('observes each mail message read, redacted and untrusted, once however often it is read', async () => {
    const read = () =>
      t.app.mail.read({
        folder: 'INBOX',
        limit: 10,
        unseenOnly: false,
        search: null,
        markSeen: false,
      });
    expect((await read()).messages).toHaveLength(2);
    const observations = await observed('mail');
    expect(observations).toHaveLength(2);
    const kestrel = observations.find((o) => o.content.includes('Kestrel')) as Observation;
    expect(kestrel).toMatchObject({ untrusted: true, extraction_status: 'done' });
    expect(kestrel.content).toContain('From: Dana <dana@example.com>');
    expect(kestrel.content).toContain('Subject: Kestrel review');
    expect(kestrel.content).not.toContain(SECRET);
    expect((await itemsOf(kestrel))[0]).toMatchObject({
      text: 'The Kestrel project review moved to Thursday.',
      source_kind: 'mail',
      status: 'provisional',
    });

    await read();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(
      (await t.app.memory.observations({ source_kind: 'mail', limit: 50 })).observations,
    ).toHaveLength(2);
  });
});
