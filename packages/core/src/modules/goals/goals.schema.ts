import { z } from 'zod';
import { cursorSchema, limitSchema } from '../../http/paging.js';

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

/** One attempt of a task: lost = its worker stopped without finishing (counts as a failure). */
export const RUN_STATUSES = ['running', 'done', 'failed', 'lost', 'interrupted'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

const id = z.string().min(1).max(64);

export const goalSchema = z.object({
  goal_id: z.string(),
  objective: z.string(),
  priority: z.number().int(),
  status: z.enum(GOAL_STATUSES),
  progress: z.number().int().describe('Share of tasks done, 0-100'),
  pause_reason: z.string().nullable(),
  paused_by: z.string().nullable().describe('governor, or the user who paused it'),
  tasks_total: z.number().int(),
  tasks_done: z.number().int(),
  tokens: z.number().int().describe('Tokens spent so far: planning plus every task attempt'),
  created_by: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Goal = z.infer<typeof goalSchema>;

export const taskSchema = z.object({
  task_id: z.string(),
  goal_id: z.string(),
  position: z.number().int(),
  title: z.string(),
  instruction: z.string(),
  status: z.enum(TASK_STATUSES),
  depends_on: z.array(z.string()),
  attempts: z.number().int(),
  result: z.string().nullable(),
  error: z.string().nullable(),
  request_id: z.string().nullable().describe('Decision trace of the successful attempt'),
  tokens: z.number().int(),
  created_by: z.string(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type Task = z.infer<typeof taskSchema>;

export const goalDetailSchema = goalSchema.extend({
  planning: z.object({
    status: z.enum(['pending', 'done']),
    source: z.enum(['model', 'single_task']).nullable(),
    note: z.string().nullable().describe('Why the goal was not planned by the model'),
  }),
  tasks: z.array(taskSchema),
  dependencies: z.array(z.object({ task_id: z.string(), depends_on: z.string() })),
});
export type GoalDetail = z.infer<typeof goalDetailSchema>;

export const runSchema = z.object({
  run_id: z.string(),
  task_id: z.string(),
  goal_id: z.string(),
  title: z.string(),
  attempt: z.number().int(),
  status: z.enum(RUN_STATUSES),
  worker: z.string().describe('The process that ran it (host:pid:id)'),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  duration_ms: z.number().int().nullable(),
  request_id: z.string().nullable(),
  tokens: z.number().int(),
  error: z.string().nullable(),
});
export type Run = z.infer<typeof runSchema>;

export const createGoalBody = z.object({
  objective: z.string().trim().min(1).max(2000),
  priority: z.number().int().min(1).max(10),
});
export type CreateGoalInput = z.infer<typeof createGoalBody>;

export const addTaskBody = z.object({
  title: z.string().trim().min(1).max(200),
  instruction: z.string().trim().min(1).max(8000),
  depends_on: z.array(id).max(50).default([]).describe('Tasks of the same goal this one waits for'),
  dependents: z
    .array(id)
    .max(50)
    .default([])
    .describe('Tasks of the same goal, not yet started, that will wait for this one'),
});
export type AddTaskInput = z.input<typeof addTaskBody>;

export const goalIdParams = z.object({ goal_id: id });

export const goalListQuery = z.object({
  status: z
    .enum([...GOAL_STATUSES, 'all'])
    .optional()
    .describe('Default: every status but archived'),
  limit: limitSchema(200, 500),
});

export const runListQuery = z.object({
  goal_id: id.optional(),
  task_id: id.optional(),
  status: z.enum(RUN_STATUSES).optional(),
  limit: limitSchema(50, 500).describe('Default 50, capped at 500'),
  cursor: cursorSchema.optional(),
});
export type RunQuery = z.output<typeof runListQuery>;

export const goalResult = z.object({ ok: z.literal(true), goal: goalSchema });
export const taskAdded = z.object({ ok: z.literal(true), task: taskSchema, goal: goalSchema });
