import { z } from 'zod';
import { AppError } from '../../errors/app-error.js';
import { defineSkill, SkillError } from '../skills/skill.js';
import {
  createScheduleSchema,
  DEFAULT_INTERVAL_SECONDS,
  MIN_INTERVAL_SECONDS,
  MONITOR_CHECKS,
  type ScheduleView,
} from './scheduler.schema.js';
import type { SchedulerService } from './scheduler.service.js';

const id = z.string().min(1).max(64);

const requestSchema = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('create'),
    url: z.string().min(1).max(2_000),
    check: z.enum(MONITOR_CHECKS).optional(),
    interval_seconds: z.number().int().optional(),
    expected_status: z.number().int().optional(),
    name: z.string().min(1).max(200).optional(),
  }),
  z.object({ action: z.literal('list') }),
  z.object({ action: z.literal('delete'), id }),
]);
type MonitorsRequest = z.infer<typeof requestSchema>;

/** One flat object for the model (providers refuse a top-level union); the union checks it. */
const inputSchema = z
  .object({
    action: z
      .enum(['create', 'list', 'delete'])
      .describe('create (url). list: with state. delete (id).'),
    url: z.string().optional().describe('http(s) URL'),
    check: z
      .enum(MONITOR_CHECKS)
      .optional()
      .describe('changed: also notify on content change; default up'),
    interval_seconds: z
      .number()
      .int()
      .optional()
      .describe(
        `seconds between checks, min ${MIN_INTERVAL_SECONDS}; default ${DEFAULT_INTERVAL_SECONDS}`,
      ),
    expected_status: z
      .number()
      .int()
      .optional()
      .describe('HTTP status meaning up; default any below 400'),
    name: z.string().optional().describe('short name'),
    id: id.optional().describe('from create or list'),
  })
  .pipe(requestSchema);

function asSkillError(error: unknown): never {
  if (error instanceof AppError) throw new SkillError(error.message, error.code);
  throw error;
}

function describe(monitor: ScheduleView): string {
  const state = monitor.monitor?.state ?? 'not checked yet';
  return `- ${monitor.schedule_id}: ${monitor.name} (${monitor.check} every ${monitor.interval_seconds}s, ${state}${monitor.enabled ? '' : ', disabled'})`;
}

export function createMonitorsSkill(scheduler: SchedulerService) {
  return defineSkill<MonitorsRequest>({
    name: 'monitors',
    description: 'Watches URLs and notifies the operator when one goes down or comes back up.',
    level: 'CONTROLLED',
    inputSchema,
    async execute(request, context) {
      switch (request.action) {
        case 'create': {
          const { action: _, ...fields } = request;
          const input = createScheduleSchema.safeParse({ kind: 'monitor', ...fields });
          if (!input.success) {
            const problems = input.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
            throw new SkillError(`Invalid monitor: ${problems.join('; ')}`, 'validation_error');
          }
          const monitor = await scheduler.create(input.data, context.actor).catch(asSkillError);
          return {
            text: `Monitoring ${monitor.url} (${monitor.check}, every ${monitor.interval_seconds}s); id ${monitor.schedule_id}`,
            data: { id: monitor.schedule_id, url: monitor.url, check: monitor.check },
            audit: { target: monitor.schedule_id },
          };
        }
        case 'list': {
          const monitors = await scheduler.list('monitor');
          return {
            text: monitors.length
              ? `Monitors:\n${monitors.map(describe).join('\n')}`
              : 'No monitors.',
            data: {
              monitors: monitors.map((m) => ({
                id: m.schedule_id,
                name: m.name,
                url: m.url,
                check: m.check,
                state: m.monitor?.state ?? null,
              })),
            },
          };
        }
        case 'delete': {
          const monitor = await scheduler.get(request.id).catch(asSkillError);
          if (monitor.kind !== 'monitor')
            throw new SkillError(
              `${request.id} is a ${monitor.kind} schedule, not a monitor`,
              'not_a_monitor',
            );
          await scheduler.remove(request.id);
          return {
            text: `Monitor ${request.id} deleted (${monitor.url})`,
            data: { id: request.id },
            audit: { target: request.id },
          };
        }
      }
    },
  });
}
