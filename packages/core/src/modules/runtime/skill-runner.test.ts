import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Client, createTestApp, type TestApp } from '../../testing/test-app.js';
import { defineSkill, SkillError } from '../skills/skill.js';
import { RunTrace } from './run-trace.js';
import type { RunContext } from './skill-runner.js';

const SECRET = 'hunter2-Secret-99';
let executions = 0;

/** Skills of the levels no builtin has yet, to hold the policy gate to SPEC's tables. */
const testSkills = [
  defineSkill({
    name: 'test_note',
    description: 'Writes a note.',
    level: 'CONTROLLED',
    inputSchema: z.object({ text: z.string(), password: z.string().optional() }),
    async execute(input) {
      if (input.text === 'fail') throw new SkillError('the notebook is full');
      return { text: `noted: ${input.text}` };
    },
  }),
  defineSkill({
    name: 'test_danger',
    description: 'Does something risky.',
    level: 'RESTRICTED',
    inputSchema: z.object({ target: z.string() }),
    async execute(input) {
      executions += 1;
      return { text: `did it to ${input.target}` };
    },
    async simulate(input) {
      return {
        summary: `would touch ${input.target}`,
        details: { target: input.target },
        warnings: ['irreversible'],
      };
    },
  }),
];

describe('skill runner: the policy gate', () => {
  let t: TestApp;
  let client: Client;
  beforeAll(async () => {
    t = await createTestApp({
      extend: (app) => {
        for (const skill of testSkills) app.skills.register(skill);
      },
    });
    client = await t.login();
  });
  afterAll(() => t.close());

  const context = (requestId: string, goalId: string | null = null): RunContext => ({
    requestId,
    chatId: null,
    goalId,
    actor: 'admin',
    depth: 0,
    signal: new AbortController().signal,
    log: t.app.log,
    trace: new RunTrace(),
    onProgress: () => {},
  });
  /** Waits for the one pending confirmation and decides it as the operator. */
  const decide = async (verb: 'approve' | 'deny') => {
    await expect
      .poll(async () => (await t.app.confirmations.list('pending', 5)).length, { timeout: 5_000 })
      .toBe(1);
    const [pending] = await t.app.confirmations.list('pending', 5);
    if (!pending) throw new Error('no pending confirmation');
    const response = await client.inject({
      method: 'POST',
      url: `/api/confirmations/${pending.confirmation_id}/${verb}`,
    });
    expect(response.statusCode).toBe(200);
    return pending;
  };

  it('audits every CONTROLLED call, redacted, whether it succeeds or fails', async () => {
    const run = context('req-runner-1', 'goal-7');
    const done = await t.app.skillRunner.run(
      'test_note',
      { text: 'buy milk', password: SECRET },
      run,
    );
    expect(done).toMatchObject({ status: 'done', modelText: 'noted: buy milk' });
    const failed = await t.app.skillRunner.run('test_note', { text: 'fail' }, run);
    expect(failed).toMatchObject({ status: 'error', modelText: 'Error: the notebook is full' });

    await t.app.audit.flush();
    const { entries } = await t.app.audit.list({ limit: 10, action: 'skill.test_note' });
    expect(entries.map((e) => [e.detail.status, e.error, e.goal_id, e.request_id])).toEqual([
      ['error', 'the notebook is full', 'goal-7', 'req-runner-1'],
      ['done', null, 'goal-7', 'req-runner-1'],
    ]);
    expect(JSON.stringify(entries)).not.toContain(SECRET);
    expect(run.trace.steps.map((s) => `${s.skill}:${s.status}`)).toEqual([
      'test_note:done',
      'test_note:error',
    ]);
  });

  it('writes no audit row for SAFE and MONITORED calls', async () => {
    await t.app.audit.flush();
    const count = async () =>
      (await t.app.audit.list({ limit: 500, action: 'skill.*' })).entries.length;
    const before = await count();
    const run = context('req-runner-safe');
    await t.app.skillRunner.run('calculate', { expression: '1+1' }, run);
    await t.app.skillRunner.run('fetch_url', { url: 'http://127.0.0.1:1/' }, run);
    expect(run.trace.steps.map((s) => s.status)).toEqual(['done', 'error']);
    await t.app.audit.flush();
    expect(await count()).toBe(before);
  });

  it('records what a call acted on as its step target, without credentials or secrets', async () => {
    const run = context('req-runner-target');
    await t.app.skillRunner.run('calculate', { expression: '2*2' }, run);
    const url = `http://user:pw@127.0.0.1:1/page?api_key=${SECRET}#top`;
    await t.app.skillRunner.run('fetch_url', { url }, run);
    expect(run.trace.steps.map((s) => s.target)).toEqual([
      null,
      'http://127.0.0.1:1/page?api_key=[REDACTED]',
    ]);
  });

  it('asks for RESTRICTED calls in SEMI mode with the dry run, and runs only after approval', async () => {
    executions = 0;
    const running = t.app.skillRunner.run(
      'test_danger',
      { target: 'prod-db' },
      context('req-runner-2'),
    );
    const pending = await decide('approve');
    expect(pending).toMatchObject({
      skill: 'test_danger',
      level: 'RESTRICTED',
      simulation: { summary: 'would touch prod-db', warnings: ['irreversible'] },
    });
    expect(await running).toMatchObject({ status: 'done', modelText: 'did it to prod-db' });
    expect(executions).toBe(1);
    await t.app.audit.flush();
    const actions = (await t.app.audit.list({ limit: 10 })).entries.map((e) => e.action);
    expect(actions.slice(0, 2)).toEqual(['skill.test_danger', 'confirmation.approve']);
  });

  it('never runs a denied call, and says so to the model', async () => {
    executions = 0;
    const run = context('req-runner-3');
    const running = t.app.skillRunner.run('test_danger', { target: 'prod-db' }, run);
    await decide('deny');
    expect(await running).toMatchObject({
      status: 'denied',
      modelText: expect.stringMatching(/did not allow test_danger/),
    });
    expect(executions).toBe(0);
    expect(run.trace.guardChain.at(-1)).toMatchObject({ guard: 'policy_gate', verdict: 'block' });
  });

  it('runs RESTRICTED calls without asking in FULL mode', async () => {
    executions = 0;
    await client.inject({ method: 'PUT', url: '/api/autonomy', payload: { mode: 'FULL' } });
    try {
      const outcome = await t.app.skillRunner.run(
        'test_danger',
        { target: 'x' },
        context('req-runner-full'),
      );
      expect(outcome.status).toBe('done');
      expect(executions).toBe(1);
      expect(await t.app.confirmations.list('pending', 5)).toEqual([]);
    } finally {
      await client.inject({ method: 'PUT', url: '/api/autonomy', payload: { mode: 'SEMI' } });
    }
  });

  it('turns an unknown skill or invalid input into an error the model can read', async () => {
    const run = context('req-runner-4');
    expect(await t.app.skillRunner.run('no_such_skill', {}, run)).toMatchObject({
      status: 'error',
      modelText: 'Error: There is no skill named no_such_skill.',
    });
    expect(await t.app.skillRunner.run('test_note', { text: 42 }, run)).toMatchObject({
      status: 'error',
      modelText: expect.stringMatching(/^Error: Invalid input: text: /),
    });
  });
});
