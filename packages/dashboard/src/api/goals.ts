import { request } from './client';

export const GOAL_STATUSES = ['active', 'paused', 'completed', 'failed', 'archived'] as const;
export type GoalStatus = (typeof GOAL_STATUSES)[number];

export const TASK_STATUSES = [
  'pending',
  'ready',
  'running',
  'done',
  'failed',
  'cancelled',
] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** One attempt of a task; `lost`: its worker died, `interrupted`: the runtime shut down. */
export const RUN_STATUSES = ['running', 'done', 'failed', 'lost', 'interrupted'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

export type GoalCommand = 'pause' | 'resume' | 'archive';

/** A goal, as `GET /api/goals` lists it (docs/api/goals.md). */
export interface Goal {
  goal_id: string;
  objective: string;
  /** 1-10, 10 most urgent */
  priority: number;
  status: GoalStatus;
  /** Share of tasks done, 0-100; 100 once completed. */
  progress: number;
  /** `paused by the operator (<user>)`, or the Governor's reason; null unless paused. */
  pause_reason: string | null;
  /** `governor`, or the user who paused it; null unless paused. */
  paused_by: string | null;
  tasks_total: number;
  tasks_done: number;
  /** Planning plus every attempt. */
  tokens: number;
  created_by: string;
  created_at: string;
  updated_at: string;
}

/** One node of a goal's task graph. */
export interface GoalTask {
  task_id: string;
  goal_id: string;
  /** Order of creation; planned tasks follow their dependencies. */
  position: number;
  title: string;
  instruction: string;
  status: TaskStatus;
  depends_on: string[];
  attempts: number;
  /** The reply (redacted, at most 20,000 characters). */
  result: string | null;
  /** The last failure. */
  error: string | null;
  /** Decision trace of the successful attempt. */
  request_id: string | null;
  tokens: number;
  /** `planner`, the operator, or `agent`. */
  created_by: string;
  created_at: string;
  finished_at: string | null;
}

export interface GoalPlanning {
  status: 'pending' | 'done';
  source: 'model' | 'single_task' | null;
  /** Why the model did not plan the goal; null when it did. */
  note: string | null;
}

/** `GET /api/goals/{goal_id}`: the goal with its task graph. */
export interface GoalDetail extends Goal {
  planning: GoalPlanning;
  tasks: GoalTask[];
  /** `task_id` waits for `depends_on`. */
  dependencies: { task_id: string; depends_on: string }[];
}

/** One attempt of a task, from the execution log. */
export interface TaskRun {
  run_id: string;
  task_id: string;
  goal_id: string;
  title: string;
  attempt: number;
  status: RunStatus;
  /** The process that held the lease (`host:pid:id`). */
  worker: string;
  started_at: string;
  finished_at: string | null;
  duration_ms: number | null;
  /** The attempt's decision trace, also for failed attempts where one started. */
  request_id: string | null;
  tokens: number;
  error: string | null;
}

export interface TaskRunPage {
  runs: TaskRun[];
  /** `<started_at>|<run_id>` of the last row; null when there is nothing older. */
  next_cursor: string | null;
}

export interface TaskRunFilters {
  goal_id?: string;
  task_id?: string;
  status?: RunStatus;
}

export interface TaskRunPageRequest extends TaskRunFilters {
  limit?: number;
  cursor?: string | undefined;
}

export interface NewGoal {
  objective: string;
  priority: number;
}

export interface NewTask {
  title: string;
  instruction: string;
  depends_on: string[];
  dependents: string[];
}

/** `GET /api/goals` without a status lists every goal but archived ones. */
export type GoalListStatus = GoalStatus | 'all' | undefined;

const goalPath = (id: string) => `/api/goals/${encodeURIComponent(id)}`;

export const fetchGoals = (status: GoalListStatus, limit: number, signal?: AbortSignal) =>
  request<{ goals: Goal[] }>('/api/goals', { query: { status, limit }, signal });

export const fetchGoal = (id: string, signal?: AbortSignal) =>
  request<GoalDetail>(goalPath(id), { signal });

export const createGoal = (goal: NewGoal) =>
  request<Goal>('/api/goals', { method: 'POST', body: goal });

export const commandGoal = (id: string, command: GoalCommand) =>
  request<{ ok: true; goal: Goal }>(`${goalPath(id)}/${command}`, { method: 'POST' });

export const addGoalTask = (id: string, task: NewTask) =>
  request<{ ok: true; task: GoalTask; goal: Goal }>(`${goalPath(id)}/tasks`, {
    method: 'POST',
    body: task,
  });

export const fetchTaskRuns = (query: TaskRunPageRequest, signal?: AbortSignal) =>
  request<TaskRunPage>('/api/tasks', { query: { ...query }, signal });

/** What the live feed says about goals; each names the goal it concerns. */
export type GoalEvent =
  | { name: 'goal-change'; goal_id: string; status: string; reason: string | null }
  | { name: 'task-start'; goal_id: string; task_id: string; title: string; attempt: number }
  | {
      name: 'task-finish';
      goal_id: string;
      task_id: string;
      status: RunStatus;
      duration_ms: number | null;
      error: string | null;
    };

export const GOAL_EVENT_NAMES = ['goal-change', 'task-start', 'task-finish'] as const;

function parseEvent(name: GoalEvent['name'], text: string): GoalEvent | undefined {
  try {
    const value = JSON.parse(text) as Record<string, unknown> | null;
    if (!value || typeof value.goal_id !== 'string') return undefined;
    return { ...value, name } as GoalEvent;
  } catch {
    return undefined;
  }
}

/**
 * `goal-change`, `task-start` and `task-finish` off `GET /api/live`, so the pages follow the
 * workers as they go. EventSource reconnects by itself; the pages also poll, so a feed that gives
 * up costs freshness, not correctness. Returns the function that closes the feed.
 */
export function openGoalEvents(onEvent: (event: GoalEvent) => void): () => void {
  const source = new EventSource('/api/live', { withCredentials: true });
  for (const name of GOAL_EVENT_NAMES) {
    source.addEventListener(name, (event) => {
      const parsed = parseEvent(name, (event as MessageEvent<string>).data);
      if (parsed) onEvent(parsed);
    });
  }
  return () => source.close();
}
