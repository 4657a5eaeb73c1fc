import { z } from 'zod';
import { AppError } from '../../errors/app-error.js';
import { defineSkill, type SkillContext, SkillError, type SkillOutput } from '../skills/skill.js';
import { GOAL_STATUSES, type Goal } from './goals.schema.js';
import type { GoalsService } from './goals.service.js';

const ACTIONS = [
  'list_goals',
  'create_goal',
  'add_task',
  'goal_status',
  'pause_goal',
  'resume_goal',
] as const;

const goalId = z.string().min(1).max(64);

/** The real contract: one shape per action. */
const requestSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('list_goals'), status: z.enum(GOAL_STATUSES).optional() }),
  z.object({
    action: z.literal('create_goal'),
    objective: z.string().trim().min(1).max(2000),
    priority: z.number().int().min(1).max(10).default(5),
  }),
  z.object({
    action: z.literal('add_task'),
    goal_id: goalId,
    title: z.string().trim().min(1).max(200),
    instruction: z.string().trim().min(1).max(8000),
    depends_on: z.array(goalId).max(50).default([]),
  }),
  z.object({ action: z.literal('goal_status'), goal_id: goalId }),
  z.object({ action: z.literal('pause_goal'), goal_id: goalId }),
  z.object({ action: z.literal('resume_goal'), goal_id: goalId }),
]);
type TaskManagerRequest = z.infer<typeof requestSchema>;

/** What the model sees: one flat object (providers refuse a top-level union), piped into it. */
const inputSchema = z
  .object({
    action: z
      .enum(ACTIONS)
      .describe(
        'list_goals. create_goal (objective). add_task (goal_id, title, instruction). ' +
          'goal_status (with tasks), pause_goal, resume_goal (goal_id).',
      ),
    goal_id: goalId.optional().describe('the goal'),
    objective: z.string().optional().describe('what to achieve'),
    priority: z.number().int().optional().describe('1-10, 10 most urgent; default 5'),
    title: z.string().optional().describe('a few words'),
    instruction: z.string().optional().describe('what to do'),
    depends_on: z
      .array(z.string())
      .optional()
      .describe("ids of this goal's tasks whose results it needs"),
    status: z.enum(GOAL_STATUSES).optional().describe('filter'),
  })
  .pipe(requestSchema);

const line = (goal: Goal) =>
  `${goal.goal_id} [${goal.status}, priority ${goal.priority}, ${goal.progress}% of ${goal.tasks_total} tasks] ${goal.objective.slice(0, 120)}${goal.pause_reason ? ` (paused: ${goal.pause_reason})` : ''}`;

/**
 * Lets the agent manage goals: list, create, expand, inspect, pause and resume. CONTROLLED: the
 * runner audits each call as skill.task_manager, and the goal changes are audited as goal.* too.
 */
export function createTaskManagerSkill(goals: GoalsService) {
  return defineSkill({
    name: 'task_manager',
    description: 'Background goals: a new goal is planned into tasks and run autonomously.',
    level: 'CONTROLLED',
    inputSchema,
    async execute(input: TaskManagerRequest, context: SkillContext): Promise<SkillOutput> {
      try {
        return await run(goals, input, context);
      } catch (error) {
        if (error instanceof AppError) throw new SkillError(error.message, error.code);
        throw error;
      }
    },
  });
}

async function run(
  goals: GoalsService,
  input: TaskManagerRequest,
  context: SkillContext,
): Promise<SkillOutput> {
  const { actor, requestId } = context;
  switch (input.action) {
    case 'list_goals': {
      const list = await goals.list({ status: input.status });
      return {
        text: list.length === 0 ? 'There are no goals.' : list.map(line).join('\n'),
        data: { goals: list },
      };
    }
    case 'create_goal': {
      // A goal's own tasks may expand their goal, not start new ones: that would let
      // autonomous work grow without the operator.
      if (context.goalId)
        throw new SkillError(
          'A goal task cannot create goals; add a task to its own goal instead.',
          'not_allowed',
        );
      const goal = await goals.create(
        { objective: input.objective, priority: input.priority },
        actor,
        requestId,
      );
      return {
        text: `Created goal ${line(goal)}`,
        data: { goal },
        audit: { target: goal.goal_id },
      };
    }
    case 'add_task': {
      const { task, goal } = await goals.addTask(
        input.goal_id,
        { title: input.title, instruction: input.instruction, depends_on: input.depends_on },
        actor,
        requestId,
      );
      return {
        text: `Added task ${task.task_id} "${task.title}" (${task.status}) to goal ${goal.goal_id}.`,
        data: { task },
        audit: { target: goal.goal_id },
      };
    }
    case 'goal_status': {
      const detail = await goals.get(input.goal_id);
      const tasks = detail.tasks.map(
        (task) =>
          `- ${task.task_id} [${task.status}] ${task.title}${task.error ? ` (error: ${task.error.slice(0, 200)})` : ''}`,
      );
      return { text: [line(detail), ...tasks].join('\n'), data: { goal: detail } };
    }
    case 'pause_goal': {
      const goal = await goals.pause(input.goal_id, actor, requestId);
      return { text: `Paused goal ${line(goal)}`, data: { goal }, audit: { target: goal.goal_id } };
    }
    case 'resume_goal': {
      const current = await goals.get(input.goal_id);
      // The Governor's pause is the operator's to lift (a budget), not the agent's.
      if (current.status === 'paused' && current.paused_by === 'governor')
        throw new SkillError(
          `Goal ${input.goal_id} was paused by the Resource Governor (${current.pause_reason}); only the operator can resume it.`,
          'not_allowed',
        );
      const goal = await goals.resume(input.goal_id, actor, requestId);
      return {
        text: `Resumed goal ${line(goal)}`,
        data: { goal },
        audit: { target: goal.goal_id },
      };
    }
  }
}
