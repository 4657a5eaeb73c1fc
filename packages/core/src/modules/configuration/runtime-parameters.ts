import type { Config } from '../../config/index.js';

/** One runtime parameter: its bounds, where its default comes from, and whether it applies live. */
export interface ParameterDefinition {
  doc: string;
  unit: 'ms' | 'count' | 'tokens' | 'percent' | 'bytes' | 'characters';
  min: number;
  max: number;
  /** The value from the environment (or its default) until the operator sets one. */
  fromConfig(config: Config): number;
  /** false: read at start, so a change needs a restart (the API says so). */
  live: boolean;
}

const MINUTE = 60_000;

/** Limits, timeouts and thresholds the operator can change from the configuration center. */
export const RUNTIME_PARAMETERS = {
  confirmation_timeout_ms: {
    doc: 'How long a gated skill waits for the operator before it counts as denied.',
    unit: 'ms',
    min: 1_000,
    max: 24 * 60 * MINUTE,
    fromConfig: (c) => c.runtime.confirmationTimeoutMs,
    live: true,
  },
  model_max_steps: {
    doc: 'Most model steps (tool rounds) in one request.',
    unit: 'count',
    min: 1,
    max: 50,
    fromConfig: (c) => c.runtime.maxSteps,
    live: true,
  },
  context_token_budget: {
    doc: 'Tokens of conversation history sent with each model request.',
    unit: 'tokens',
    min: 256,
    max: 1_000_000,
    fromConfig: (c) => c.runtime.contextTokenBudget,
    live: true,
  },
  memory_recall_budget_ms: {
    doc: 'Longest a model request waits for memory recall; past it the request goes on without recalled items. 0: no limit.',
    unit: 'ms',
    min: 0,
    max: 10_000,
    fromConfig: (c) => c.memory.recallBudgetMs,
    live: true,
  },
  cpi_high_threshold: {
    doc: 'Cognitive pressure index at which cpi_high turns true and autonomous work waits.',
    unit: 'percent',
    min: 1,
    max: 100,
    fromConfig: (c) => c.health.cpiHighThreshold,
    live: true,
  },
  injection_classifier_timeout_ms: {
    doc: 'Time the injection classifier may take on one suspicious untrusted text; 0 turns the second opinion off.',
    unit: 'ms',
    min: 0,
    max: 30_000,
    fromConfig: (c) => c.models.injectionClassifierTimeoutMs,
    live: true,
  },
  max_concurrent_goals: {
    doc: 'Most goals with a task running at once.',
    unit: 'count',
    min: 1,
    max: 100,
    fromConfig: (c) => c.autonomy.maxConcurrentGoals,
    live: true,
  },
  max_concurrent_tasks: {
    doc: 'Most goal tasks running at once, across all replicas.',
    unit: 'count',
    min: 1,
    max: 100,
    fromConfig: (c) => c.autonomy.maxConcurrentTasks,
    live: true,
  },
  goal_token_budget: {
    doc: 'Tokens one goal may spend; going over pauses it.',
    unit: 'tokens',
    min: 1_000,
    max: 100_000_000,
    fromConfig: (c) => c.autonomy.goalTokenBudget,
    live: true,
  },
  daily_token_budget: {
    doc: 'Tokens all goals together may spend per UTC day; going over pauses the goal that did.',
    unit: 'tokens',
    min: 1_000,
    max: 1_000_000_000,
    fromConfig: (c) => c.autonomy.dailyTokenBudget,
    live: true,
  },
  task_max_attempts: {
    doc: 'Attempts of a failing goal task before it fails (with backoff between them).',
    unit: 'count',
    min: 1,
    max: 10,
    fromConfig: (c) => c.autonomy.taskMaxAttempts,
    live: true,
  },
  shell_default_timeout_ms: {
    doc: 'Time limit of a shell or python_exec call that names none.',
    unit: 'ms',
    min: 1_000,
    max: 120_000,
    fromConfig: (c) => c.governance.shellDefaultTimeoutMs,
    live: true,
  },
  shell_output_cap: {
    doc: 'Characters of shell or python_exec output kept; the rest is cut with a marker.',
    unit: 'characters',
    min: 500,
    max: 100_000,
    fromConfig: (c) => c.governance.shellOutputCap,
    live: true,
  },
  fetch_max_bytes: {
    doc: 'Largest response body a skill reads from the network.',
    unit: 'bytes',
    min: 1024,
    max: 100 * 1024 * 1024,
    fromConfig: (c) => c.skills.fetchMaxBytes,
    live: false,
  },
} satisfies Record<string, ParameterDefinition>;

export type RuntimeParameter = keyof typeof RUNTIME_PARAMETERS;
export const RUNTIME_PARAMETER_NAMES = Object.keys(RUNTIME_PARAMETERS) as RuntimeParameter[];
