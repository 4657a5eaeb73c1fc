import { z } from 'zod';
import { durationText, field } from './field.js';

const count = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

/** Autonomous work: goals and their tasks, and the Resource Governor's limits. */
export const autonomyConfig = {
  maxConcurrentGoals: field('MAX_CONCURRENT_GOALS', count(1, 100), {
    default: '3',
    doc: 'Most goals with a task running at once (Resource Governor).',
  }),
  maxConcurrentTasks: field('MAX_CONCURRENT_TASKS', count(1, 100), {
    default: '2',
    doc: 'Most goal tasks running at once, across all replicas (Resource Governor).',
  }),
  goalTokenBudget: field('GOAL_TOKEN_BUDGET', count(1_000, 100_000_000), {
    default: '200000',
    doc: 'Tokens one goal may spend before it is paused.',
  }),
  dailyTokenBudget: field('DAILY_TOKEN_BUDGET', count(1_000, 1_000_000_000), {
    default: '2000000',
    doc: 'Tokens all goals may spend per UTC day before new goal work is paused.',
  }),
  taskMaxAttempts: field('TASK_MAX_ATTEMPTS', count(1, 10), {
    default: '3',
    doc: 'Attempts of a failing goal task, with backoff between them.',
  }),
  taskTimeoutMs: field('TASK_TIMEOUT', durationText(10_000, 24 * 3600_000), {
    default: '15m',
    doc: 'Time limit of one goal task attempt.',
  }),
};
