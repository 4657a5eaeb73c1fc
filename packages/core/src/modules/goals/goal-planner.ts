import type { LanguageModelUsage } from 'ai';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { redactText } from '../../security/redact.js';
import type { ConfigurationService } from '../configuration/configuration.service.js';
import { loadAiSdk, sdkSchema } from '../models/ai-sdk.js';
import type { ModelsService } from '../models/models.service.js';
import type { SkillRegistry } from '../skills/skill-registry.js';
import { sdkChatSpan } from '../telemetry/gen-ai-spans.js';
import { goalsTiming } from './goals-timing.js';
import { checkPlan, MAX_PLANNED_TASKS, type PlannedTask } from './task-graph.js';

export interface Plan {
  source: 'model' | 'single_task';
  /** Why the model did not plan it (flag off, no model, a rejected plan); null when it did. */
  note: string | null;
  tasks: PlannedTask[];
  tokens: number;
}

/**
 * What the model fills in. Kept free of length and count limits, which some providers refuse
 * in strict structured output; checkPlan enforces them afterwards.
 */
const planSchema = z.object({
  tasks: z
    .array(
      z.object({
        key: z.string().describe('Short unique id of the task within this plan, such as "a"'),
        title: z.string().describe('A few words'),
        instruction: z
          .string()
          .describe('What to do, complete enough to carry out without the other tasks'),
        depends_on: z
          .array(z.string())
          .describe('Keys of the tasks whose results this task needs; [] when none'),
      }),
    )
    .describe(`Between 1 and ${MAX_PLANNED_TASKS} tasks`),
});

const SYSTEM = [
  'You plan work for an autonomous agent. Split the objective into between 1 and 8 tasks.',
  'Each task is one request the agent answers on its own, with its tools; a task receives the results of the tasks it depends on.',
  'Use as few tasks as the objective needs. Dependencies must not form a cycle.',
].join(' ');

const titleFrom = (objective: string) =>
  objective.length <= 120 ? objective : `${objective.slice(0, 117).trimEnd()}...`;

/** The fallback: the goal is one task whose instruction is the objective. */
export function singleTask(objective: string, note: string, tokens = 0): Plan {
  return {
    source: 'single_task',
    note,
    tokens,
    tasks: [
      { key: 'objective', title: titleFrom(objective), instruction: objective, depends_on: [] },
    ],
  };
}

const usageTokens = (usage: LanguageModelUsage | undefined) =>
  (usage?.inputTokens ?? 0) + (usage?.outputTokens ?? 0);

export interface PlannerDeps {
  models: ModelsService;
  configuration: ConfigurationService;
  skills: SkillRegistry;
  log: FastifyBaseLogger;
}

/**
 * Plans a goal with the default model when model_planning is on and a model is configured;
 * otherwise, or when the model fails or its plan breaks the rules, the goal is one task.
 */
export async function planObjective(deps: PlannerDeps, objective: string): Promise<Plan> {
  if (!(await deps.configuration.flag('model_planning')))
    return singleTask(objective, 'model_planning is off');
  const resolved = await deps.models.resolveDefault().catch((error: Error) => {
    deps.log.warn({ err: error }, 'no model for planning');
    return null;
  });
  if (!resolved) return singleTask(objective, 'no language model is configured');
  const skills = (await deps.skills.available()).map((skill) => skill.name).join(', ');
  const { generateObject, NoObjectGeneratedError } = await loadAiSdk();
  const schema = await sdkSchema(planSchema);
  try {
    const model = await resolved.languageModel();
    const result = await sdkChatSpan('goal_planning', model, (headers) =>
      generateObject({
        model,
        schema,
        schemaName: 'goal_plan',
        system: `${SYSTEM} The agent's tools: ${skills}.`,
        prompt: `Objective: ${redactText(objective)}`,
        abortSignal: AbortSignal.timeout(goalsTiming.planTimeoutMs),
        maxRetries: 1,
        headers,
      }),
    );
    const tokens = usageTokens(result.usage);
    const tasks = result.object.tasks.map((task) => ({
      key: task.key.trim(),
      title: task.title.trim().slice(0, 200) || task.key,
      instruction: task.instruction.trim().slice(0, 8000),
      depends_on: task.depends_on.map((key) => key.trim()),
    }));
    if (tasks.some((task) => task.key === '' || task.instruction === ''))
      return singleTask(
        objective,
        "the model's plan was rejected: a task has no key or instruction",
        tokens,
      );
    const checked = checkPlan(tasks);
    if (!checked.ok)
      return singleTask(objective, `the model's plan was rejected: ${checked.problem}`, tokens);
    return { source: 'model', note: null, tasks: checked.tasks, tokens };
  } catch (error) {
    const tokens = NoObjectGeneratedError.isInstance(error) ? usageTokens(error.usage) : 0;
    const message = redactText(error instanceof Error ? error.message : String(error));
    deps.log.warn({ err: error }, 'goal planning failed; the goal is one task');
    return singleTask(objective, `planning failed: ${message.slice(0, 300)}`, tokens);
  }
}
