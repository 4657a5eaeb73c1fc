import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { redactValue } from '../../security/redact.js';
import {
  createScheduleSchema,
  listQuerySchema,
  previewQuerySchema,
  runsQuerySchema,
  runViewSchema,
  type ScheduleView,
  scheduleDetailSchema,
  scheduleParamsSchema,
  scheduleViewSchema,
  updateScheduleSchema,
} from './scheduler.schema.js';

const tags = ['scheduler'];

/** Thin HTTP layer over app.scheduler; every change is audited (redacted). */
export async function schedulerRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const audit = (
    request: FastifyRequest,
    action: string,
    schedule: ScheduleView,
    detail: Record<string, unknown> = {},
  ) =>
    app.audit.record({
      action,
      actor: request.session?.user ?? 'unknown',
      target: schedule.schedule_id,
      detail: redactValue({ kind: schedule.kind, name: schedule.name, ...detail }),
      request_id: request.id,
    });

  routes.get(
    '/api/schedules',
    {
      schema: {
        tags,
        summary: 'Schedules (recurring, once, reminder, monitor), newest first',
        querystring: listQuerySchema,
        response: { 200: z.object({ schedules: z.array(scheduleViewSchema) }) },
      },
    },
    async (request) => ({ schedules: await app.scheduler.list(request.query.kind) }),
  );

  routes.post(
    '/api/schedules',
    {
      schema: {
        tags,
        summary: 'Create a schedule; its first occurrence is queued at once',
        body: createScheduleSchema,
        response: { 201: scheduleViewSchema },
      },
    },
    async (request, reply) => {
      const actor = request.session?.user ?? 'unknown';
      const schedule = await app.scheduler.create(request.body, actor);
      audit(request, 'schedule.create', schedule, timingOf(schedule));
      return reply.status(201).send(schedule);
    },
  );

  routes.get(
    '/api/schedules/preview',
    {
      schema: {
        tags,
        summary: 'The next occurrences of a cron expression in a time zone',
        querystring: previewQuerySchema,
        response: {
          200: z.object({
            cron: z.string(),
            time_zone: z.string(),
            occurrences: z.array(z.string()),
          }),
        },
      },
    },
    async (request) => {
      const { cron, time_zone, count } = request.query;
      return { cron, time_zone, occurrences: app.scheduler.preview(cron, time_zone, count) };
    },
  );

  routes.get(
    '/api/schedules/:schedule_id',
    {
      schema: {
        tags,
        summary: 'One schedule with its next occurrences',
        params: scheduleParamsSchema,
        response: { 200: scheduleDetailSchema },
      },
    },
    async (request) => app.scheduler.get(request.params.schedule_id),
  );

  routes.patch(
    '/api/schedules/:schedule_id',
    {
      schema: {
        tags,
        summary: 'Change a schedule; a new timing replaces its queued occurrence',
        params: scheduleParamsSchema,
        body: updateScheduleSchema,
        response: { 200: scheduleViewSchema },
      },
    },
    async (request) => {
      const { schedule, changed } = await app.scheduler.update(
        request.params.schedule_id,
        request.body,
      );
      if (changed.length > 0)
        audit(request, 'schedule.update', schedule, { changed, ...timingOf(schedule) });
      return schedule;
    },
  );

  routes.delete(
    '/api/schedules/:schedule_id',
    {
      schema: {
        tags,
        summary: 'Delete a schedule, its queued occurrence and its runs',
        params: scheduleParamsSchema,
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request) => {
      const schedule = await app.scheduler.remove(request.params.schedule_id);
      audit(request, 'schedule.delete', schedule);
      return { ok: true as const };
    },
  );

  routes.post(
    '/api/schedules/:schedule_id/run',
    {
      schema: {
        tags,
        summary: 'Run now (a manual run, in the background); the timing is unchanged',
        params: scheduleParamsSchema,
        response: { 202: z.object({ run: runViewSchema }) },
      },
    },
    async (request, reply) => {
      const run = await app.scheduler.runNow(request.params.schedule_id);
      const schedule = await app.scheduler.get(request.params.schedule_id);
      audit(request, 'schedule.run_now', schedule, { run_id: run.run_id });
      return reply.status(202).send({ run });
    },
  );

  routes.get(
    '/api/schedules/:schedule_id/runs',
    {
      schema: {
        tags,
        summary: 'Runs of a schedule, newest first, keyset-paged',
        params: scheduleParamsSchema,
        querystring: runsQuerySchema,
        response: {
          200: z.object({ runs: z.array(runViewSchema), next_cursor: z.string().nullable() }),
        },
      },
    },
    async (request) => app.scheduler.runs(request.params.schedule_id, request.query),
  );
}

/** The fields that say when (and on what) a schedule runs, for audit rows. */
function timingOf(schedule: ScheduleView): Record<string, unknown> {
  const fields = {
    enabled: schedule.enabled,
    cron: schedule.cron,
    time_zone: schedule.kind === 'recurring' ? schedule.time_zone : null,
    run_at: schedule.run_at,
    url: schedule.url,
    check: schedule.check,
    interval_seconds: schedule.interval_seconds,
    next_run_at: schedule.next_run_at,
  };
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== null));
}
