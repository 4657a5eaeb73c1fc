import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { RunTrace } from '../runtime/run-trace.js';
import type { RunContext } from '../runtime/skill-runner.js';
import { configureGoalsTiming, FAST_GOALS_TIMING } from './goals-timing.js';
import { waitFor } from './test-support/goal-fixtures.js';

configureGoalsTiming(FAST_GOALS_TIMING);

/** task_manager through the policy gate, as the model loop calls it. */
describe('the task_manager skill', () => {
  let t: TestApp;
  let calls = 0;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.configuration.setFlag('autonomous_goals', false, 'test', null);
  });
  afterAll(() => t.close());

  const context = (overrides: Partial<RunContext> = {}): RunContext => ({
    requestId: `skill-request-${++calls}`,
    chatId: 'skill-chat',
    goalId: null,
    actor: 'admin',
    depth: 0,
    signal: new AbortController().signal,
    log: pino({ level: 'silent' }),
    trace: new RunTrace(),
    onProgress: () => {},
    ...overrides,
  });
  const call = (input: Record<string, unknown>, overrides: Partial<RunContext> = {}) =>
    t.app.skillRunner.run('task_manager', input, context(overrides));
  const createdGoal = async (objective: string) => {
    const outcome = await call({ action: 'create_goal', objective, priority: 4 });
    expect(outcome.status).toBe('done');
    return (outcome.output?.data?.goal as { goal_id: string } | undefined)?.goal_id as string;
  };

  it('is CONTROLLED and shows the model one flat object', async () => {
    const skill = t.app.skills.get('task_manager');
    expect(skill?.level).toBe('CONTROLLED');
    const schema = z.toJSONSchema(skill?.inputSchema as z.ZodType, { io: 'input' }) as {
      type: string;
      properties: Record<string, unknown>;
    };
    expect(schema.type).toBe('object');
    expect(Object.keys(schema.properties)).toEqual(
      expect.arrayContaining(['action', 'goal_id', 'objective', 'priority', 'depends_on']),
    );
  });

  it('creates a goal, audited by the runner and as goal.create with the actor', async () => {
    const goalId = await createdGoal('Read the changelog of every dependency');
    const goal = await t.app.goals.get(goalId);
    expect(goal).toMatchObject({ priority: 4, status: 'active', created_by: 'admin' });
    await t.app.audit.flush();
    const skillRows = await t.app.audit.list({ limit: 5, action: 'skill.task_manager' });
    expect(skillRows.entries[0]).toMatchObject({
      actor: 'admin',
      target: goalId,
      detail: { level: 'CONTROLLED', status: 'done', input: { action: 'create_goal' } },
    });
    const goalRows = await t.app.audit.list({ limit: 5, action: 'goal.create', goal_id: goalId });
    expect(goalRows.entries).toHaveLength(1);
  });

  it('lists, expands, reads, pauses and resumes goals', async () => {
    const goalId = await createdGoal('Catalogue the photos');
    const listed = await call({ action: 'list_goals', status: 'active' });
    expect(listed.modelText).toContain(goalId);
    const first = (
      await waitFor(async () => {
        const goal = await t.app.goals.get(goalId);
        return goal.tasks.length > 0 ? goal : undefined;
      }, 'planning')
    ).tasks[0]?.task_id;
    const added = await call({
      action: 'add_task',
      goal_id: goalId,
      title: 'Tag them',
      instruction: 'Tag every photo',
      depends_on: [first],
    });
    expect(added.modelText).toMatch(/^Added task .* "Tag them" \(pending\)/);
    const status = await call({ action: 'goal_status', goal_id: goalId });
    expect(status.modelText).toContain('[pending] Tag them');
    expect((await call({ action: 'pause_goal', goal_id: goalId })).modelText).toMatch(
      /^Paused goal/,
    );
    expect((await call({ action: 'resume_goal', goal_id: goalId })).modelText).toMatch(
      /^Resumed goal/,
    );
  });

  it('reports refusals as errors the model reads', async () => {
    const missing = await call({ action: 'goal_status', goal_id: 'nope' });
    expect(missing).toMatchObject({ status: 'error', modelText: 'Error: No goal with that id' });
    const invalid = await call({ action: 'create_goal' });
    expect(invalid.status).toBe('error');
    expect(invalid.modelText).toMatch(/^Error: Invalid input: objective/);

    const fromGoal = await call(
      { action: 'create_goal', objective: 'Spawn more goals', priority: 9 },
      { goalId: 'some-goal', actor: 'agent' },
    );
    expect(fromGoal.modelText).toMatch(/cannot create goals/);

    const goalId = await createdGoal('Budgeted work');
    await t.app.goals.pause(goalId, 'governor');
    const resume = await call({ action: 'resume_goal', goal_id: goalId }, { actor: 'agent' });
    expect(resume.modelText).toMatch(/only the operator can resume it/);
    expect((await t.app.goals.get(goalId)).status).toBe('paused');
    const twice = await call({ action: 'pause_goal', goal_id: goalId });
    expect(twice.modelText).toMatch(/^Error: A goal that is paused cannot be paused/);
  });
});
