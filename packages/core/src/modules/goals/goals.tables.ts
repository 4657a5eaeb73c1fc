import type { ColumnType, Generated } from 'kysely';

export interface GoalsTable {
  goal_id: string;
  objective: string;
  priority: number;
  status: string;
  pause_reason: string | null;
  paused_by: string | null;
  planned_at: Date | null;
  plan_source: string | null;
  plan_note: string | null;
  planning_tokens: Generated<number>;
  created_by: string;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  finished_at: Date | null;
}

export interface GoalTasksTable {
  task_id: string;
  goal_id: string;
  position: number;
  title: string;
  instruction: string;
  status: string;
  attempts: Generated<number>;
  failures: Generated<number>;
  available_at: Generated<Date>;
  lease_owner: string | null;
  lease_until: Date | null;
  run_id: string | null;
  result: string | null;
  /** The untrusted sources the run that produced `result` read (a JSON array), or null. */
  tainted_by: ColumnType<string[] | null, string | null, string | null>;
  error: string | null;
  request_id: string | null;
  created_by: string;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  finished_at: Date | null;
}

export interface GoalTaskDependenciesTable {
  task_id: string;
  depends_on: string;
  goal_id: string;
}

export interface GoalTaskRunsTable {
  run_id: string;
  task_id: string;
  goal_id: string;
  attempt: number;
  status: string;
  worker: string;
  started_at: Generated<Date>;
  finished_at: Date | null;
  duration_ms: number | null;
  request_id: string | null;
  tokens: Generated<number>;
  error: string | null;
}

declare module '../../store/database.js' {
  interface Database {
    goals: GoalsTable;
    goal_tasks: GoalTasksTable;
    goal_task_dependencies: GoalTaskDependenciesTable;
    goal_task_runs: GoalTaskRunsTable;
  }
}
