import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ResetWorldSnapshot,
  seedResetWorld,
  snapshotResetWorld,
} from '../../testing/reset-world.js';
import { sqlTestBackends } from '../../testing/services.js';
import { type Client, createTestApp, type TestApp } from '../../testing/test-app.js';
import { jobsSchemaFor } from '../jobs/jobs.plugin.js';
import { RESET_STEPS } from './reset-engine.js';
import {
  COGNITIVE_JOB_QUEUES,
  COGNITIVE_KV_PATTERNS,
  COGNITIVE_TABLES,
  RESET_TABLES,
  SURVIVING_JOB_QUEUES,
  SURVIVING_TABLES,
} from './reset-scope.js';

/** The frames of a finished event stream, in order. */
function parseSse(payload: string): Array<{ event: string; data: Record<string, unknown> }> {
  return payload
    .split('\n\n')
    .filter((frame) => frame.startsWith('event:'))
    .map((frame) => {
      const event = /^event: (.*)$/m.exec(frame)?.[1] ?? '';
      const data = JSON.parse(/^data: (.*)$/m.exec(frame)?.[1] ?? 'null');
      return { event, data };
    });
}

const backends = await sqlTestBackends();

describe.each(backends)('Panic Reset (%s)', (backend) => {
  let t: TestApp;
  let client: Client;
  /** Holds the reset after a step until released, to observe it running. */
  let hold: { step: number; arrive: () => void; release: () => void } | null = null;
  beforeAll(async () => {
    t = await createTestApp({
      sql: backend,
      resetOptions: {
        afterStep: async (step) => {
          if (hold?.step !== step) return;
          const held = hold;
          await new Promise<void>((resolve) => {
            held.release = resolve;
            held.arrive();
          });
        },
      },
    });
    client = await t.login();
    // The seeded event queue must survive a reset; the runtime's worker would drain it meanwhile.
    await t.app.eventQueue.stop();
  }, 300_000);
  afterAll(() => t.close(), 120_000);

  // Audit rows are written in batches behind the request: a snapshot counts them once stored.
  const snapshot = async () => {
    await t.app.audit.flush();
    return snapshotResetWorld(t.sql, t.kv, t.sql.dataDir);
  };

  it('classifies every table: 17 cognitive, the rest surviving or reset, none unnamed', async () => {
    const tables = await sql<{ tablename: string }>`
      select tablename from pg_tables where schemaname = ${t.sql.schema}
      and tablename not like 'kysely_%'`.execute(t.sql.db);
    const classified = new Set([
      ...COGNITIVE_TABLES,
      ...Object.keys(SURVIVING_TABLES),
      ...Object.keys(RESET_TABLES),
    ]);
    const unclassified = tables.rows.map((r) => r.tablename).filter((n) => !classified.has(n));
    expect(unclassified, 'add new tables to reset-scope.ts').toEqual([]);
    expect(COGNITIVE_TABLES).toHaveLength(17);
    expect(COGNITIVE_KV_PATTERNS.length).toBeGreaterThanOrEqual(12);
    const overlap = COGNITIVE_TABLES.filter((n) => n in SURVIVING_TABLES || n in RESET_TABLES);
    expect(overlap).toEqual([]);
  });

  it('classifies every job queue the runtime creates: its jobs are dropped with the tables or kept', async () => {
    const queues = await sql<{ name: string }>`
      select name from ${sql.id(jobsSchemaFor(t.sql.schema), 'queue')} order by name`.execute(
      t.sql.db,
    );
    const names = queues.rows.map((row) => row.name);
    expect(names.length).toBeGreaterThan(0);
    const classified = new Set<string>([
      ...COGNITIVE_JOB_QUEUES,
      ...Object.keys(SURVIVING_JOB_QUEUES),
    ]);
    expect(
      names.filter((name) => !classified.has(name)),
      'add new job queues to reset-scope.ts',
    ).toEqual([]);
  });

  it('no table outside the 17 references one of them (a truncate would cascade or fail)', async () => {
    const references = await sql<{ from_table: string; to_table: string }>`
      select c.conrelid::regclass::text as from_table, c.confrelid::regclass::text as to_table
      from pg_constraint c join pg_namespace n on n.oid = c.connamespace
      where c.contype = 'f' and n.nspname = ${t.sql.schema}`.execute(t.sql.db);
    const cognitive = new Set<string>(COGNITIVE_TABLES);
    const bare = (name: string) => name.split('.').pop() ?? name;
    const intoCognitive = references.rows.filter(
      (r) => cognitive.has(bare(r.to_table)) && !cognitive.has(bare(r.from_table)),
    );
    expect(intoCognitive).toEqual([]);
  });

  it('GET /api/reset/plan names the tables with their rows, the patterns, the queues and the survivors', async () => {
    await seedResetWorld(t.sql, t.kv, t.sql.dataDir);
    const response = await client.inject({ method: 'GET', url: '/api/reset/plan' });
    expect(response.statusCode).toBe(200);
    const plan = response.json();
    expect(plan.phrase).toBe('RESET AGENT');
    expect(plan.tables.map((x: { name: string }) => x.name)).toEqual([...COGNITIVE_TABLES]);
    expect(plan.tables.find((x: { name: string }) => x.name === 'chats').rows).toBe(3);
    expect(plan.kv_patterns.length).toBeGreaterThanOrEqual(12);
    expect(plan.queues).toContain('behavioral_pending');
    expect(plan.job_queues).toEqual([...COGNITIVE_JOB_QUEUES]);
    expect(plan.held_records).toContainEqual(
      expect.objectContaining({ name: 'exchange-journal/', handling: 'fenced' }),
    );
    expect(plan.epoch).toBe(0);
    expect(plan.steps.map((s: { name: string }) => s.name)).toEqual([...RESET_STEPS]);
    const survivors = plan.survives.tables.map((x: { name: string }) => x.name);
    expect(survivors).toEqual(
      expect.arrayContaining(['subscriptions', 'model_providers', 'users']),
    );
    expect(plan.survives.kv.map((x: { pattern: string }) => x.pattern)).toContain('vault:*');
    expect(plan.survives.files.map((x: { path: string }) => x.path)).toContain('prime.md');
  });

  it('any other phrase is 400 confirmation_mismatch and changes nothing', async () => {
    const before = await snapshot();
    for (const confirm of ['reset agent', 'RESET AGENT ', 'RESET']) {
      const response = await client.inject({
        method: 'POST',
        url: '/api/reset',
        payload: { confirm },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe('confirmation_mismatch');
    }
    expect(await snapshot()).toEqual(before);
  });

  let before: ResetWorldSnapshot;
  let events: Array<{ event: string; data: Record<string, unknown> }>;

  it('holds agent work with 503 and a second reset with 409 while it runs', async () => {
    before = await snapshot();
    let arrive = () => {};
    const reached = new Promise<void>((resolve) => {
      arrive = resolve;
    });
    hold = { step: 2, arrive, release: () => {} };
    const running = client.inject({
      method: 'POST',
      url: '/api/reset',
      payload: { confirm: 'RESET AGENT' },
    });
    await reached;
    for (const url of ['/api/goals', '/api/agents', '/api/schedules']) {
      const response = await client.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(503);
      expect(response.json().error).toBe('reset_in_progress');
    }
    const chat = await client.inject({ method: 'POST', url: '/chat', payload: { message: 'hi' } });
    expect(chat.statusCode).toBe(503);
    const again = await client.inject({
      method: 'POST',
      url: '/api/reset',
      payload: { confirm: 'RESET AGENT' },
    });
    expect(again.statusCode).toBe(409);
    expect((await client.inject({ method: 'GET', url: '/api/identity' })).statusCode).toBe(200);
    hold.release();
    const response = await running;
    hold = null;
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/event-stream');
    events = parseSse(response.payload);
    expect((await client.inject({ method: 'GET', url: '/api/goals' })).statusCode).toBe(200);
  });

  it('streams the six steps in SPEC order, each running then done with its duration, then done', () => {
    const done = events.filter((e) => e.event === 'step' && e.data.status === 'done');
    expect(done.map((e) => e.data.name)).toEqual([...RESET_STEPS]);
    expect(done.map((e) => e.data.step)).toEqual([1, 2, 3, 4, 5, 6]);
    for (const e of done) {
      expect(typeof e.data.duration_ms).toBe('number');
      expect(String(e.data.detail).length).toBeGreaterThan(0);
    }
    expect(events.filter((e) => e.event === 'step').map((e) => e.data.status)).toEqual(
      RESET_STEPS.flatMap(() => ['running', 'done']),
    );
    const last = events.at(-1);
    expect(last?.event).toBe('done');
    expect(last?.data.ok).toBe(true);
  });

  it('wipes what the agent learned and keeps everything else, row for row', async () => {
    const after = await snapshot();
    for (const table of COGNITIVE_TABLES) {
      expect(before.rows[table], table).toBeGreaterThan(0);
      expect(after.rows[table], table).toBe(0);
    }
    expect(after.digests).toEqual(before.digests);
    for (const table of Object.keys(SURVIVING_TABLES))
      if (table !== 'audit_log' && table !== 'reset_runs' && !table.startsWith('kv_'))
        expect(after.rows[table], table).toBe(before.rows[table]);
    expect(after.cognitiveKeys).toBe(0);
    expect(after.cognitiveQueueItems).toBe(0);
    expect(after.survivingKv).toEqual(before.survivingKv);
    expect(after.eventsQueued).toBe(before.eventsQueued);
    expect(after.files).toEqual(before.files);
    expect(Object.keys(after.files)).toHaveLength(5);
    expect(after.pendingConfirmations).toBe(0);
    expect(before.pendingConfirmations).toBe(1);
    expect(after.identity).toMatchObject({
      name: 'Atlas',
      persona: before.identity.persona,
      total_xp: 0,
    });
    expect(Date.parse(after.identity.born_at)).toBeGreaterThan(Date.parse(before.identity.born_at));
    expect(after.selfModel).toEqual({});
    expect(after.auditOther).toBe(before.auditOther);
    expect(after.auditResets).toHaveLength(1);
    expect(after.auditResets[0]?.detail).toMatchObject({
      tables: { chats: 3, memory_items: 3 },
      steps: RESET_STEPS.slice(0, 5).map((name) => ({ name, duration_ms: expect.any(Number) })),
      duration_ms: expect.any(Number),
    });
    // The operator stays signed in.
    expect((await client.inject({ method: 'GET', url: '/auth/session' })).statusCode).toBe(200);
    const plan = (await client.inject({ method: 'GET', url: '/api/reset/plan' })).json();
    expect(plan.last_run).toMatchObject({ status: 'done', actor: 'admin' });
    expect(plan.epoch).toBe(1);
  });
});
