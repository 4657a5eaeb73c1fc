import { describe, expect, it } from 'vitest';
import { type GovernorLimits, type GovernorUsage, judge } from './governor.js';
import { checkPlan, findCycle, type PlannedTask } from './task-graph.js';

const task = (key: string, depends_on: string[] = []): PlannedTask => ({
  key,
  title: key.toUpperCase(),
  instruction: `do ${key}`,
  depends_on,
});

describe('findCycle', () => {
  it('finds none in a diamond', () => {
    const edges = [
      { task: 'b', dependsOn: 'a' },
      { task: 'c', dependsOn: 'a' },
      { task: 'd', dependsOn: 'b' },
      { task: 'd', dependsOn: 'c' },
    ];
    expect(findCycle(['a', 'b', 'c', 'd'], edges)).toBeNull();
  });

  it('names the tasks along a cycle, and a task that waits for itself', () => {
    const edges = [
      { task: 'a', dependsOn: 'b' },
      { task: 'b', dependsOn: 'c' },
      { task: 'c', dependsOn: 'a' },
      { task: 'd', dependsOn: 'a' },
    ];
    expect(findCycle(['d', 'a', 'b', 'c'], edges)).toEqual(['a', 'b', 'c', 'a']);
    expect(findCycle(['x'], [{ task: 'x', dependsOn: 'x' }])).toEqual(['x', 'x']);
  });

  it('walks a long chain without overflowing the stack', () => {
    const nodes = Array.from({ length: 50_000 }, (_, i) => `n${i}`);
    const edges = nodes.slice(1).map((node, i) => ({ task: node, dependsOn: `n${i}` }));
    expect(findCycle(nodes, edges)).toBeNull();
    expect(findCycle(nodes, [...edges, { task: 'n0', dependsOn: 'n49999' }])).toHaveLength(50_001);
  });
});

describe('checkPlan', () => {
  it('orders tasks after what they depend on and drops repeated dependencies', () => {
    const result = checkPlan([
      task('d', ['b', 'c', 'c']),
      task('b', ['a']),
      task('a'),
      task('c', ['a']),
    ]);
    expect(result).toEqual({
      ok: true,
      tasks: [task('a'), task('b', ['a']), task('c', ['a']), task('d', ['b', 'c'])],
    });
  });

  it.each([
    [[], 'the plan has no tasks'],
    [Array.from({ length: 9 }, (_, i) => task(`t${i}`)), 'the plan has 9 tasks (at most 8)'],
    [[task('a'), task('a')], 'the key a is used twice'],
    [[task('a', ['ghost'])], 'a depends on an unknown key ghost'],
    [[task('a', ['b']), task('b', ['a'])], 'the plan has a cycle: a -> b -> a'],
  ])('refuses %j: %s', (tasks, problem) => {
    expect(checkPlan(tasks)).toEqual({ ok: false, problem });
  });
});

describe("the Governor's judgement", () => {
  const limits: GovernorLimits = {
    max_concurrent_tasks: 2,
    max_concurrent_goals: 1,
    goal_token_budget: 200_000,
    daily_token_budget: 2_000_000,
  };
  const idle: GovernorUsage = {
    running_tasks: 0,
    running_goals: 0,
    goal_running: false,
    goal_tokens: 0,
    tokens_today: 0,
  };

  it('lets a task start under every limit', () => {
    expect(judge(idle, limits)).toEqual({ kind: 'go' });
  });

  it('pauses over a budget, with the numbers an operator reads', () => {
    expect(judge({ ...idle, goal_tokens: 201_400 }, limits)).toEqual({
      kind: 'pause',
      reason: 'token budget exceeded: 201,400 of 200,000 tokens',
    });
    expect(judge({ ...idle, tokens_today: 2_000_000 }, limits)).toEqual({
      kind: 'pause',
      reason: 'daily token budget exceeded: 2,000,000 of 2,000,000 tokens today (UTC)',
    });
  });

  it('waits at the concurrency limits; a goal already running keeps its slot', () => {
    expect(judge({ ...idle, running_tasks: 2, running_goals: 1 }, limits)).toMatchObject({
      kind: 'wait',
      reason: 'max_concurrent_tasks reached: 2 of 2 running',
    });
    expect(judge({ ...idle, running_tasks: 1, running_goals: 1 }, limits)).toMatchObject({
      kind: 'wait',
      reason: expect.stringMatching(/^max_concurrent_goals reached: 1 of 1/),
    });
    expect(
      judge({ ...idle, running_tasks: 1, running_goals: 1, goal_running: true }, limits),
    ).toEqual({
      kind: 'go',
    });
  });
});
