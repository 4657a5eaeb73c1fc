import { RUN_STATUSES, type RunStatus, type TaskRunFilters } from '../../api/goals';

const isRunStatus = (value: string | null): value is RunStatus =>
  RUN_STATUSES.some((status) => status === value);

/** Filters as the URL holds them, so a filtered log can be bookmarked and shared. */
export function readTaskRunFilters(params: URLSearchParams): TaskRunFilters {
  const filters: TaskRunFilters = {};
  for (const name of ['goal_id', 'task_id'] as const) {
    const value = params.get(name)?.trim();
    if (value) filters[name] = value;
  }
  const status = params.get('status');
  if (isRunStatus(status)) filters.status = status;
  return filters;
}

export function writeTaskRunFilters(filters: TaskRunFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of ['goal_id', 'task_id', 'status'] as const) {
    const value = filters[name]?.trim();
    if (value) params.set(name, value);
  }
  return params;
}

export const hasFilters = (filters: TaskRunFilters) => Object.keys(filters).length > 0;
