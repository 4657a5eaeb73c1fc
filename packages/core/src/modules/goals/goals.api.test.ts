import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlTestBackends } from '../../testing/services.js';
import { type Client, createTestApp, type TestApp } from '../../testing/test-app.js';
import type { RuntimeEvent } from '../events/runtime-events.js';
import { configureGoalsTiming, FAST_GOALS_TIMING } from './goals-timing.js';
import { createGoal, detail, waitFor } from './test-support/goal-fixtures.js';

configureGoalsTiming(FAST_GOALS_TIMING);

const GOAL_KEYS = [
  'created_at',
  'created_by',
  'goal_id',
  'objective',
  'pause_reason',
  'paused_by',
  'priority',
  'progress',
  'status',
  'tasks_done',
  'tasks_total',
  'tokens',
  'updated_at',
];

/** The API on both SQL backends, with autonomous_goals off so tasks stay where the API puts them. */
describe.each(await sqlTestBackends())('goals API (%s)', (backend) => {
  let t: TestApp;
  let client: Client;
  const events: RuntimeEvent[] = [];

  beforeAll(async () => {
    t = await createTestApp({ sql: backend });
    client = await t.login();
    await t.app.configuration.setFlag('autonomous_goals', false, 'test', null);
    t.app.events.subscribe((event) => events.push(event));
  });
  afterAll(() => t.close());

  const post = (url: string, payload?: unknown) =>
    client.inject({ method: 'POST', url, ...(payload ? { payload } : {}) });
  const planned = (goalId: string) =>
    waitFor(async () => {
      const goal = await detail(client, goalId);
      return goal.planning.status === 'done' ? goal : undefined;
    }, 'planning');

  it('creates an active goal (201), audits it and announces it', async () => {
    const response = await post('/api/goals', { objective: 'Summarise the week', priority: 7 });
    expect(response.statusCode).toBe(201);
    const goal = response.json();
    expect(Object.keys(goal).sort()).toEqual(GOAL_KEYS);
    expect(goal).toMatchObject({
      objective: 'Summarise the week',
      priority: 7,
      status: 'active',
      progress: 0,
      pause_reason: null,
      created_by: 'admin',
    });
    expect(goal.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);
    await t.app.audit.flush();
    const { entries } = await t.app.audit.list({ limit: 5, action: 'goal.create' });
    expect(entries[0]).toMatchObject({
      actor: 'admin',
      target: goal.goal_id,
      goal_id: goal.goal_id,
    });
    expect(events).toContainEqual(
      expect.objectContaining({
        name: 'goal-change',
        data: expect.objectContaining({ goal_id: goal.goal_id, status: 'active' }),
      }),
    );
  });

  it('plans a goal into one task with the objective when there is no model', async () => {
    const goalId = await createGoal(client, 'Collect the release notes');
    const goal = await planned(goalId);
    expect(goal.planning).toEqual({
      status: 'done',
      source: 'single_task',
      note: 'no language model is configured',
    });
    expect(goal.tasks).toHaveLength(1);
    expect(goal.tasks[0]).toMatchObject({
      instruction: 'Collect the release notes',
      status: 'ready',
      depends_on: [],
      attempts: 0,
    });
    expect(goal).toMatchObject({ tasks_total: 1, tasks_done: 0, progress: 0, dependencies: [] });
  });

  it.each([
    [{ objective: '', priority: 5 }, '/objective'],
    [{ objective: 'x'.repeat(2001), priority: 5 }, '/objective'],
    [{ objective: 'ok', priority: 0 }, '/priority'],
    [{ objective: 'ok', priority: 11 }, '/priority'],
    [{ objective: 'ok', priority: 2.5 }, '/priority'],
    [{ objective: 'ok' }, '/priority'],
  ])('refuses %j with 400 validation_error', async (payload, path) => {
    const response = await post('/api/goals', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: 'validation_error',
      details: [expect.objectContaining({ path })],
    });
  });

  it('moves a goal through pause, resume and archive, and refuses illegal changes with 409', async () => {
    const goalId = await createGoal(client, 'Tidy the backlog');
    const goal = await planned(goalId);
    let response = await post(`/api/goals/${goalId}/pause`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      ok: true,
      goal: {
        status: 'paused',
        pause_reason: 'paused by the operator (admin)',
        paused_by: 'admin',
      },
    });
    expect((await post(`/api/goals/${goalId}/pause`)).json()).toMatchObject({
      error: 'invalid_transition',
    });
    response = await post(`/api/goals/${goalId}/resume`);
    expect(response.json()).toMatchObject({
      ok: true,
      goal: { status: 'active', pause_reason: null },
    });
    response = await post(`/api/goals/${goalId}/resume`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: 'invalid_transition' });

    response = await post(`/api/goals/${goalId}/archive`);
    expect(response.json()).toMatchObject({ ok: true, goal: { status: 'archived' } });
    const archived = await detail(client, goalId);
    expect(archived.tasks.map((task) => task.status)).toEqual(['cancelled']);
    expect(archived.tasks[0]?.task_id).toBe(goal.tasks[0]?.task_id);
    for (const change of ['pause', 'resume', 'archive']) {
      response = await post(`/api/goals/${goalId}/${change}`);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ error: 'invalid_transition' });
    }
    await t.app.audit.flush();
    const { entries } = await t.app.audit.list({ limit: 10, action: 'goal.*', goal_id: goalId });
    expect(entries.map((entry) => entry.action)).toEqual([
      'goal.archive',
      'goal.resume',
      'goal.pause',
      'goal.create',
    ]);
    expect(entries.every((entry) => entry.actor === 'admin')).toBe(true);
  });

  it('lists all but archived goals by default, and filters by status', async () => {
    const kept = await createGoal(client, 'Kept goal');
    const archived = await createGoal(client, 'Archived goal');
    await post(`/api/goals/${archived}/archive`);
    const list = async (query = '') =>
      (
        (await client.inject({ method: 'GET', url: `/api/goals${query}` })).json().goals as Array<{
          goal_id: string;
          status: string;
        }>
      ).map((goal) => goal.goal_id);
    expect(await list()).toContain(kept);
    expect(await list()).not.toContain(archived);
    expect(await list('?status=archived')).toContain(archived);
    expect(await list('?status=archived')).not.toContain(kept);
    expect(await list('?status=all')).toEqual(expect.arrayContaining([kept, archived]));
    const bad = await client.inject({ method: 'GET', url: '/api/goals?status=done' });
    expect(bad.statusCode).toBe(400);
  });

  it('answers 404 not_found for an unknown goal', async () => {
    const missing = '0190f1b2-0000-7000-8000-000000000000';
    for (const request of [
      client.inject({ method: 'GET', url: `/api/goals/${missing}` }),
      post(`/api/goals/${missing}/pause`),
      post(`/api/goals/${missing}/resume`),
      post(`/api/goals/${missing}/archive`),
      post(`/api/goals/${missing}/tasks`, { title: 't', instruction: 'i' }),
    ]) {
      const response = await request;
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: 'not_found' });
    }
  });

  it('needs a session and the CSRF token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/goals' })).statusCode).toBe(401);
    const noCsrf = await t.app.inject({
      method: 'POST',
      url: '/api/goals',
      headers: { cookie: client.cookie },
      payload: { objective: 'x', priority: 1 },
    });
    expect(noCsrf.statusCode).toBe(403);
  });
});
