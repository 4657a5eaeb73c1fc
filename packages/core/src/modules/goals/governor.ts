import { sql } from 'kysely';
import type { ConfigurationService } from '../configuration/configuration.service.js';
import type { HealthService } from '../health/health.service.js';
import { goalsTiming } from './goals-timing.js';
import type { Db, Trx } from './task-lifecycle.js';

export interface GovernorLimits {
  max_concurrent_tasks: number;
  max_concurrent_goals: number;
  goal_token_budget: number;
  daily_token_budget: number;
}

export interface GovernorUsage {
  /** Tasks running across all replicas (live leases). */
  running_tasks: number;
  /** Goals with a task running. */
  running_goals: number;
  /** Whether the goal asking already has a task running (it then holds a goal slot). */
  goal_running: boolean;
  goal_tokens: number;
  /** Tokens of all goals since UTC midnight. */
  tokens_today: number;
}

export type Verdict =
  | { kind: 'go' }
  | { kind: 'wait'; reason: string }
  | { kind: 'pause'; reason: string };

const count = (n: number) => n.toLocaleString('en-US');

/**
 * Checks (3)-(5) of the Governor for one task of one goal. Waiting costs the task nothing; a
 * budget crossed pauses the goal, since waiting would not bring its tokens down.
 */
export function judge(usage: GovernorUsage, limits: GovernorLimits): Verdict {
  if (usage.goal_tokens >= limits.goal_token_budget)
    return {
      kind: 'pause',
      reason: `token budget exceeded: ${count(usage.goal_tokens)} of ${count(limits.goal_token_budget)} tokens`,
    };
  if (usage.tokens_today >= limits.daily_token_budget)
    return {
      kind: 'pause',
      reason: `daily token budget exceeded: ${count(usage.tokens_today)} of ${count(limits.daily_token_budget)} tokens today (UTC)`,
    };
  if (usage.running_tasks >= limits.max_concurrent_tasks)
    return {
      kind: 'wait',
      reason: `max_concurrent_tasks reached: ${usage.running_tasks} of ${limits.max_concurrent_tasks} running`,
    };
  if (!usage.goal_running && usage.running_goals >= limits.max_concurrent_goals)
    return {
      kind: 'wait',
      reason: `max_concurrent_goals reached: ${usage.running_goals} of ${limits.max_concurrent_goals} goals have a task running`,
    };
  return { kind: 'go' };
}

interface Pressure {
  cpi: number;
  cpi_high: boolean;
}

/**
 * The Resource Governor: whether a goal task may start now. (1) the autonomous_goals flag and
 * (2) cpi_high hold back all new work; (3)-(5) are judged inside the claim's transaction, where
 * the counts cannot change underneath (see lockClaims). Values are read live on every check.
 */
export class ResourceGovernor {
  private pressureCache: { at: number; value: Promise<Pressure> } | null = null;

  constructor(
    private readonly configuration: ConfigurationService,
    private readonly health: HealthService,
  ) {}

  /** Why no new task may start anywhere right now, or null. */
  async gate(): Promise<string | null> {
    if (!(await this.configuration.flag('autonomous_goals')))
      return 'autonomous_goals is off: no new task starts';
    const pressure = await this.pressure();
    if (pressure.cpi_high) {
      const threshold = await this.configuration.parameter('cpi_high_threshold');
      return `cpi_high: the CPI is ${pressure.cpi} (threshold ${threshold}); new autonomous work waits`;
    }
    return null;
  }

  async limits(): Promise<GovernorLimits> {
    const [tasks, goals, goalBudget, dailyBudget] = await Promise.all([
      this.configuration.parameter('max_concurrent_tasks'),
      this.configuration.parameter('max_concurrent_goals'),
      this.configuration.parameter('goal_token_budget'),
      this.configuration.parameter('daily_token_budget'),
    ]);
    return {
      max_concurrent_tasks: tasks,
      max_concurrent_goals: goals,
      goal_token_budget: goalBudget,
      daily_token_budget: dailyBudget,
    };
  }

  /** The health report's CPI, reused for a few seconds: it pings both stores. */
  pressure(): Promise<Pressure> {
    const cached = this.pressureCache;
    if (cached && Date.now() - cached.at < goalsTiming.healthCacheMs) return cached.value;
    const value = this.health.report().then((report) => ({
      cpi: report.components.cpi,
      cpi_high: report.components.cpi_high,
    }));
    this.pressureCache = { at: Date.now(), value };
    value.catch(() => {
      if (this.pressureCache?.value === value) this.pressureCache = null;
    });
    return value;
  }

  /** Usage across all goals (for /api/state). */
  async globalUsage(db: Db | Trx) {
    const [running, today] = await Promise.all([runningCounts(db, null), tokensToday(db)]);
    return {
      running_tasks: running.running_tasks,
      running_goals: running.running_goals,
      tokens_today: today,
    };
  }

  async usage(db: Db | Trx, goalId: string): Promise<GovernorUsage> {
    const [running, goalTokens, today] = await Promise.all([
      runningCounts(db, goalId),
      goalTokensUsed(db, goalId),
      tokensToday(db),
    ]);
    return { ...running, goal_tokens: goalTokens, tokens_today: today };
  }
}

async function runningCounts(db: Db | Trx, goalId: string | null) {
  const row = await db
    .selectFrom('goal_tasks')
    .select([
      sql<number>`count(*)::int`.as('running_tasks'),
      sql<number>`count(distinct goal_id)::int`.as('running_goals'),
      sql<number>`count(*) filter (where goal_id = ${goalId})::int`.as('goal_running'),
    ])
    .where('status', '=', 'running')
    .where('lease_until', '>', sql<Date>`clock_timestamp()`)
    .executeTakeFirstOrThrow();
  return {
    running_tasks: row.running_tasks,
    running_goals: row.running_goals,
    goal_running: row.goal_running > 0,
  };
}

/** Planning plus every attempt of the goal's tasks. */
export async function goalTokensUsed(db: Db | Trx, goalId: string): Promise<number> {
  const row = await sql<{ tokens: string }>`
    select (coalesce((select planning_tokens from goals where goal_id = ${goalId}), 0)
      + coalesce((select sum(tokens) from goal_task_runs where goal_id = ${goalId}), 0))::bigint as tokens`.execute(
    db,
  );
  return Number(row.rows[0]?.tokens ?? 0);
}

/** Tokens of all goals since midnight UTC: attempts finished today and goals planned today. */
export async function tokensToday(db: Db | Trx): Promise<number> {
  const row = await sql<{ tokens: string }>`
    with day as (select date_trunc('day', now() at time zone 'UTC') at time zone 'UTC' as start)
    select (coalesce((select sum(tokens) from goal_task_runs, day where finished_at >= day.start), 0)
      + coalesce((select sum(planning_tokens) from goals, day where planned_at >= day.start), 0))::bigint as tokens`.execute(
    db,
  );
  return Number(row.rows[0]?.tokens ?? 0);
}
