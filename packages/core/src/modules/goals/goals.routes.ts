import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type ExecutionState, executionStateSchema } from './execution-state.js';
import {
  addTaskBody,
  createGoalBody,
  goalDetailSchema,
  goalIdParams,
  goalListQuery,
  goalResult,
  goalSchema,
  runListQuery,
  runSchema,
  taskAdded,
} from './goals.schema.js';
import type { GoalsService } from './goals.service.js';

/** Thin routes over GoalsService; the operator is the actor of every change. */
export function goalsRoutes(
  goals: GoalsService,
  state: () => Promise<ExecutionState>,
): (app: FastifyInstance) => Promise<void> {
  return async (app) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const actor = (request: { session: { user: string } | null }) =>
      request.session?.user ?? 'unknown';

    routes.get(
      '/api/goals',
      {
        schema: {
          tags: ['goals'],
          summary: 'Goals, newest first; every status but archived unless ?status= says otherwise',
          querystring: goalListQuery,
          response: { 200: z.object({ goals: z.array(goalSchema) }) },
        },
      },
      async (request) => ({ goals: await goals.list(request.query) }),
    );

    routes.post(
      '/api/goals',
      {
        schema: {
          tags: ['goals'],
          summary: 'Create an active goal; it is planned into a task graph shortly after',
          body: createGoalBody,
          response: { 201: goalSchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await goals.create(request.body, actor(request), request.id)),
    );

    routes.get(
      '/api/goals/:goal_id',
      {
        schema: {
          tags: ['goals'],
          summary: 'One goal with its task graph: tasks and dependencies',
          params: goalIdParams,
          response: { 200: goalDetailSchema },
        },
      },
      async (request) => goals.get(request.params.goal_id),
    );

    for (const change of ['pause', 'resume', 'archive'] as const) {
      routes.post(
        `/api/goals/:goal_id/${change}`,
        {
          schema: {
            tags: ['goals'],
            summary: {
              pause: 'Pause a goal: no new task starts, running ones finish (409 unless active)',
              resume: 'Resume a paused goal (409 unless paused)',
              archive: 'Archive a goal: tasks not started are cancelled (409 when archived)',
            }[change],
            params: goalIdParams,
            response: { 200: goalResult },
          },
        },
        async (request) => ({
          ok: true as const,
          goal: await goals[change](request.params.goal_id, actor(request), request.id),
        }),
      );
    }

    routes.post(
      '/api/goals/:goal_id/tasks',
      {
        schema: {
          tags: ['goals'],
          summary: 'Add a task to an active or paused goal (400 on unknown tasks or a cycle)',
          params: goalIdParams,
          body: addTaskBody,
          response: { 201: taskAdded },
        },
      },
      async (request, reply) => {
        const added = await goals.addTask(
          request.params.goal_id,
          request.body,
          actor(request),
          request.id,
        );
        return reply.status(201).send({ ok: true as const, ...added });
      },
    );

    routes.get(
      '/api/tasks',
      {
        schema: {
          tags: ['goals'],
          summary: 'Task execution log: one row per attempt, newest first, keyset-paged',
          querystring: runListQuery,
          response: {
            200: z.object({ runs: z.array(runSchema), next_cursor: z.string().nullable() }),
          },
        },
      },
      async (request) => goals.runs(request.query),
    );

    routes.get(
      '/api/state',
      {
        schema: {
          tags: ['goals'],
          summary:
            "Execution state: running tasks, queues, and the Resource Governor's limits and usage",
          response: { 200: executionStateSchema },
        },
      },
      async () => state(),
    );
  };
}
