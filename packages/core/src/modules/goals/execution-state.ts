import { sql } from 'kysely';
import { z } from 'zod';
import { isoMicros } from '../../store/sql-time.js';
import type { ConfigurationService } from '../configuration/configuration.service.js';
import type { GoalJobs } from './goal-jobs.js';
import { GOAL_STATUSES } from './goals.schema.js';
import type { ResourceGovernor } from './governor.js';
import { type Db, now } from './task-lifecycle.js';

export const executionStateSchema = z.object({
  autonomous_goals: z.boolean(),
  running: z.array(
    z.object({
      run_id: z.string(),
      task_id: z.string(),
      title: z.string(),
      goal_id: z.string(),
      objective: z.string(),
      attempt: z.number().int(),
      since: z.string(),
      lease_owner: z.string(),
      lease_until: z.string(),
    }),
  ),
  counts: z.object({
    queued: z.number().int().describe('Jobs waiting in the task queue'),
    ready: z.number().int().describe('Ready tasks of active goals'),
    pending: z.number().int().describe('Tasks waiting for their dependencies'),
    running: z.number().int(),
  }),
  governor: z.object({
    cpi: z.number().int(),
    cpi_high: z.boolean().describe('While true, new autonomous work waits'),
    limits: z.object({
      max_concurrent_tasks: z.number().int(),
      max_concurrent_goals: z.number().int(),
      goal_token_budget: z.number().int(),
      daily_token_budget: z.number().int(),
      task_max_attempts: z.number().int(),
    }),
    usage: z.object({
      running_tasks: z.number().int(),
      running_goals: z.number().int(),
      tokens_today: z.number().int(),
    }),
    goals: z.array(
      z.object({
        goal_id: z.string(),
        objective: z.string(),
        status: z.enum(GOAL_STATUSES),
        priority: z.number().int(),
        tokens: z.number().int(),
        pause_reason: z.string().nullable(),
      }),
    ),
    waiting: z.array(z.string()).describe('Why work waits now; empty when nothing holds it back'),
  }),
  checked_at: z.string(),
});
export type ExecutionState = z.infer<typeof executionStateSchema>;

/** The /state page: what runs where, what waits, and the Governor's limits against usage. */
export async function executionState(deps: {
  db: Db;
  jobs: GoalJobs;
  governor: ResourceGovernor;
  configuration: ConfigurationService;
}): Promise<ExecutionState> {
  const { db, governor } = deps;
  const [flag, pressure, gate, limits, maxAttempts, queued, running, counts, usage, goals] =
    await Promise.all([
      deps.configuration.flag('autonomous_goals'),
      governor.pressure().catch(() => ({ cpi: 0, cpi_high: false })),
      governor.gate().catch(() => null),
      governor.limits(),
      deps.configuration.parameter('task_max_attempts'),
      deps.jobs.queuedTasks().catch(() => 0),
      db
        .selectFrom('goal_tasks as t')
        .innerJoin('goals as g', 'g.goal_id', 't.goal_id')
        .innerJoin('goal_task_runs as r', 'r.run_id', 't.run_id')
        .select([
          'r.run_id',
          't.task_id',
          't.title',
          't.goal_id',
          'g.objective',
          'r.attempt',
          isoMicros('r.started_at').as('since'),
          sql<string>`coalesce(t.lease_owner, '')`.as('lease_owner'),
          sql<string>`${isoMicros('t.lease_until')}`.as('lease_until'),
        ])
        .where('t.status', '=', 'running')
        .orderBy('r.started_at')
        .execute(),
      db
        .selectFrom('goal_tasks as t')
        .innerJoin('goals as g', 'g.goal_id', 't.goal_id')
        .select([
          sql<number>`count(*) filter (where t.status = 'ready' and g.status = 'active')::int`.as(
            'ready',
          ),
          sql<number>`count(*) filter (where t.status = 'pending')::int`.as('pending'),
          sql<number>`count(*) filter (where t.status = 'running')::int`.as('running'),
          sql<number>`count(*) filter (where t.status = 'ready' and g.status = 'active' and t.available_at > ${now})::int`.as(
            'backing_off',
          ),
        ])
        .where('g.status', 'in', ['active', 'paused'])
        .executeTakeFirstOrThrow(),
      governor.globalUsage(db),
      db
        .selectFrom('goals as g')
        .select([
          'g.goal_id',
          'g.objective',
          'g.status',
          'g.priority',
          'g.pause_reason',
          sql<string>`(g.planning_tokens + coalesce((select sum(r.tokens) from goal_task_runs r where r.goal_id = g.goal_id), 0))::bigint`.as(
            'tokens',
          ),
        ])
        .where('g.status', 'in', ['active', 'paused'])
        .orderBy('g.priority', 'desc')
        .orderBy('g.created_at')
        .execute(),
    ]);

  const waiting: string[] = [];
  if (gate) waiting.push(gate);
  if (usage.running_tasks >= limits.max_concurrent_tasks)
    waiting.push(
      `max_concurrent_tasks reached: ${usage.running_tasks} of ${limits.max_concurrent_tasks} running`,
    );
  if (usage.running_goals >= limits.max_concurrent_goals)
    waiting.push(
      `max_concurrent_goals reached: ${usage.running_goals} of ${limits.max_concurrent_goals} goals have a task running; other goals wait`,
    );
  if (usage.tokens_today >= limits.daily_token_budget)
    waiting.push(
      `daily token budget exceeded: ${usage.tokens_today.toLocaleString('en-US')} of ${limits.daily_token_budget.toLocaleString('en-US')} tokens today (UTC)`,
    );
  if (counts.backing_off > 0)
    waiting.push(`${counts.backing_off} task(s) wait to retry after a failed attempt`);
  for (const goal of goals)
    if (goal.status === 'paused' && goal.pause_reason)
      waiting.push(`goal ${goal.goal_id} is paused: ${goal.pause_reason}`);

  return {
    autonomous_goals: flag,
    running,
    counts: { queued, ready: counts.ready, pending: counts.pending, running: counts.running },
    governor: {
      cpi: pressure.cpi,
      cpi_high: pressure.cpi_high,
      limits: { ...limits, task_max_attempts: maxAttempts },
      usage: {
        running_tasks: usage.running_tasks,
        running_goals: usage.running_goals,
        tokens_today: usage.tokens_today,
      },
      goals: goals.map((goal) => ({
        ...goal,
        status: goal.status as ExecutionState['governor']['goals'][number]['status'],
        tokens: Number(goal.tokens),
      })),
      waiting,
    },
    checked_at: new Date().toISOString(),
  };
}
