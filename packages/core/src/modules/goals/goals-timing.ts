/**
 * How often the goal workers poll, beat and sweep. The defaults suit a server; tests (and the
 * crash-test child process) shorten them with configureGoalsTiming before the app is built,
 * because the plugin is registered by app.ts and takes no options.
 */
export interface GoalsTiming {
  /** How long a claimed task stays claimed without a heartbeat (its process may have died). */
  leaseMs: number;
  /** How often a running task extends its lease. */
  heartbeatMs: number;
  /** How often expired leases are reclaimed and ready tasks without a job are queued again. */
  sweepMs: number;
  /** Polling of the task and plan queues while idle (a job sent here wakes them at once). */
  pollingSeconds: number;
  /** How long a job waits before asking the Governor again. */
  waitSeconds: number;
  /** Retry backoff: base * 2^(failures - 1), capped at maxRetryDelayMs. */
  retryBaseMs: number;
  maxRetryDelayMs: number;
  /** How long the Governor reuses the health report for cpi_high. */
  healthCacheMs: number;
  /** Time limit of the planning model call. */
  planTimeoutMs: number;
  /** An active goal still unplanned after this long gets its plan job again (its planner died). */
  replanAfterMs: number;
}

const DEFAULTS: GoalsTiming = {
  leaseMs: 60_000,
  heartbeatMs: 15_000,
  sweepMs: 30_000,
  pollingSeconds: 2,
  waitSeconds: 5,
  retryBaseMs: 10_000,
  maxRetryDelayMs: 10 * 60_000,
  healthCacheMs: 3_000,
  planTimeoutMs: 120_000,
  replanAfterMs: 5 * 60_000,
};

export const goalsTiming: GoalsTiming = { ...DEFAULTS };

/** Overrides timings for apps built after this call (tests); no argument restores the defaults. */
export function configureGoalsTiming(overrides: Partial<GoalsTiming> = {}): void {
  Object.assign(goalsTiming, DEFAULTS, overrides);
}

/** Timings for tests: everything within a second or two. */
export const FAST_GOALS_TIMING: Partial<GoalsTiming> = {
  leaseMs: 4_000,
  heartbeatMs: 500,
  sweepMs: 1_000,
  pollingSeconds: 0.5,
  waitSeconds: 0.5,
  retryBaseMs: 200,
  healthCacheMs: 200,
  planTimeoutMs: 10_000,
  replanAfterMs: 5_000,
};

export function retryDelayMs(failures: number): number {
  const delay = goalsTiming.retryBaseMs * 2 ** Math.max(0, failures - 1);
  return Math.min(delay, goalsTiming.maxRetryDelayMs);
}
