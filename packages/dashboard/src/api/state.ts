import { request } from './client';
import type { GoalStatus } from './goals';

/** A task a worker holds right now. */
export interface RunningTask {
  run_id: string;
  task_id: string;
  title: string;
  goal_id: string;
  objective: string;
  attempt: number;
  /** When the attempt started. */
  since: string;
  /** The worker holding the lease (`host:pid:id`). */
  lease_owner: string;
  lease_until: string;
}

export interface GovernorLimits {
  max_concurrent_tasks: number;
  max_concurrent_goals: number;
  goal_token_budget: number;
  daily_token_budget: number;
  task_max_attempts: number;
}

/** An active or paused goal, with its tokens against the goal budget. */
export interface GovernedGoal {
  goal_id: string;
  objective: string;
  status: GoalStatus;
  priority: number;
  tokens: number;
  pause_reason: string | null;
}

/** `GET /api/state`: what runs, what waits and why, the Resource Governor's limits and usage. */
export interface ExecutionState {
  autonomous_goals: boolean;
  running: RunningTask[];
  counts: {
    /** Jobs waiting in the task queue. */
    queued: number;
    /** Ready tasks of active goals. */
    ready: number;
    /** Tasks waiting for their dependencies, in active and paused goals. */
    pending: number;
    running: number;
  };
  governor: {
    cpi: number;
    cpi_high: boolean;
    limits: GovernorLimits;
    usage: { running_tasks: number; running_goals: number; tokens_today: number };
    goals: GovernedGoal[];
    /** Why work waits right now, in words; empty when nothing holds it back. */
    waiting: string[];
  };
  checked_at: string;
}

export const fetchExecutionState = (signal?: AbortSignal) =>
  request<ExecutionState>('/api/state', { signal });
