import { lastUserText } from '../../../testing/fakes/fake-model-script.js';
import type {
  FakeModelServer,
  FakeTurn,
  RecordedModelRequest,
} from '../../../testing/fakes/index.js';
import type { Client } from '../../../testing/test-app.js';
import type { GoalDetail, Run } from '../goals.schema.js';

export const MODEL_KEY = 'sk-goals-test-0123456789abcdefgh';

/** The environment that makes the fake OpenAI server the default model. */
export const modelEnv = (model: FakeModelServer) => ({
  OPENAI_API_KEY: MODEL_KEY,
  OPENAI_BASE_URL: model.baseUrl,
  DEFAULT_MODEL: 'openai/gpt-4o-mini',
});

/** Polls until `check` returns a value other than undefined/false, or fails after timeoutMs. */
export async function waitFor<T>(
  check: () => Promise<T | undefined | false> | T | undefined | false,
  what: string,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined && value !== false) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export interface PlanStep {
  key: string;
  title: string;
  depends_on?: string[];
}

/** A plan as the model answers generateObject: the instruction carries a marker per task. */
export const planJson = (steps: PlanStep[]) =>
  JSON.stringify({
    tasks: steps.map((step) => ({
      key: step.key,
      title: step.title,
      instruction: `Carry out step ${step.key.toUpperCase()} of the test goal [task:${step.key}]`,
      depends_on: step.depends_on ?? [],
    })),
  });

export const isPlanning = (request: RecordedModelRequest) =>
  request.body?.response_format !== undefined;

/** The plan marker of a task request ([task:a]), from its latest user message. */
export const taskKey = (request: RecordedModelRequest) =>
  /\[task:([a-z0-9]+)\]/.exec(lastUserText(request.body))?.[1];

export interface Script {
  plan?: string;
  planUsage?: { input: number; output: number };
  /** The answer to a task request, by plan key. */
  task?: (key: string | undefined, request: RecordedModelRequest) => FakeTurn;
}

/** Routes the fake model's answers: planning calls get the plan, task calls `task`. */
export function script(model: FakeModelServer, options: Script): void {
  model.respond = (request) => {
    if (isPlanning(request))
      return options.plan
        ? { text: options.plan, usage: options.planUsage ?? { input: 5, output: 5 } }
        : { text: 'not json', usage: { input: 5, output: 5 } };
    const key = taskKey(request);
    return (
      options.task?.(key, request) ?? { text: `RESULT-${key}`, usage: { input: 10, output: 5 } }
    );
  };
}

export async function createGoal(
  client: Client,
  objective = 'Write a short report',
  priority = 5,
): Promise<string> {
  const response = await client.inject({
    method: 'POST',
    url: '/api/goals',
    payload: { objective, priority },
  });
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.body}`);
  return response.json().goal_id as string;
}

export async function detail(client: Client, goalId: string): Promise<GoalDetail> {
  return (await client.inject({ method: 'GET', url: `/api/goals/${goalId}` })).json();
}

/** Every run of a goal, oldest first. */
export async function runs(client: Client, goalId: string): Promise<Run[]> {
  const all: Run[] = [];
  let cursor: string | null = null;
  do {
    const query: string = `goal_id=${goalId}&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const page = (await client.inject({ method: 'GET', url: `/api/tasks?${query}` })).json();
    all.push(...page.runs);
    cursor = page.next_cursor;
  } while (cursor);
  return all.reverse();
}

export const waitForStatus = (client: Client, goalId: string, status: string, timeoutMs = 20_000) =>
  waitFor(
    async () => {
      const goal = await detail(client, goalId);
      return goal.status === status ? goal : undefined;
    },
    `goal ${goalId} to be ${status}`,
    timeoutMs,
  );

/** Task id by plan marker, from the goal's tasks. */
export function taskIds(goal: GoalDetail): Record<string, string> {
  const ids: Record<string, string> = {};
  for (const task of goal.tasks) {
    const key = /\[task:([a-z0-9]+)\]/.exec(task.instruction)?.[1];
    if (key) ids[key] = task.task_id;
  }
  return ids;
}

/** Two runs overlap when one starts before the other finished. */
export function overlaps(runList: Run[]): boolean {
  const spans = runList
    .map((run) => ({ start: Date.parse(run.started_at), end: Date.parse(run.finished_at ?? '') }))
    .sort((a, b) => a.start - b.start);
  return spans.some((span, i) => i > 0 && span.start < (spans[i - 1]?.end ?? 0));
}
