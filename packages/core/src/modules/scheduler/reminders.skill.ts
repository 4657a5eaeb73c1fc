import { z } from 'zod';
import { AppError } from '../../errors/app-error.js';
import { resolveZone, serverZone } from '../skills/builtin/time-zones.js';
import { describeInstant } from '../skills/builtin/zoned-time.js';
import { defineSkill, SkillError } from '../skills/skill.js';
import { createScheduleSchema } from './scheduler.schema.js';
import type { SchedulerService } from './scheduler.service.js';
import { parseWhen } from './when.js';

const id = z.string().min(1).max(64);

const requestSchema = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('create'),
    text: z.string().trim().min(1).max(2_000),
    at: z.string().trim().min(1).max(100),
    time_zone: z.string().min(1).max(64).optional(),
  }),
  z.object({ action: z.literal('list') }),
  z.object({ action: z.literal('cancel'), id }),
]);
type RemindersRequest = z.infer<typeof requestSchema>;

/** One flat object for the model (providers refuse a top-level union); the union checks it. */
const inputSchema = z
  .object({
    action: z
      .enum(['create', 'list', 'cancel'])
      .describe('create (text, at). list: pending. cancel (id).'),
    text: z.string().optional().describe('what to remind of'),
    at: z
      .string()
      .optional()
      .describe(
        'ISO 8601 ("2026-11-22T09:00"), "in 10m", "in 2h", "tomorrow 9:00", "today at 5pm" ' +
          'or "17:30"',
      ),
    time_zone: z.string().optional().describe('IANA zone or city of at; default server'),
    id: id.optional().describe('from create or list'),
  })
  .pipe(requestSchema);

/** A reminder due this close to now (or a little past it) still counts. */
const PAST_SLACK_MS = 5_000;

/** Wraps a service refusal (validation, unknown id) in the error the model reads. */
function asSkillError(error: unknown): never {
  if (error instanceof AppError) throw new SkillError(error.message, error.code);
  throw error;
}

export function createRemindersSkill(scheduler: SchedulerService, now = () => new Date()) {
  return defineSkill<RemindersRequest>({
    name: 'reminders',
    description: 'Notifies the operator at a given time.',
    level: 'CONTROLLED',
    inputSchema,
    async execute(request, context) {
      switch (request.action) {
        case 'create': {
          const zone = request.time_zone ? resolveZone(request.time_zone) : serverZone();
          if (!zone)
            throw new SkillError(`Unknown time zone: ${request.time_zone}`, 'unknown_time_zone');
          const at = parseWhen(request.at, zone, now());
          if (!at)
            throw new SkillError(
              `Cannot read "${request.at}" as a time; use ISO 8601, "in 10m" or "tomorrow 9:00"`,
              'invalid_time',
            );
          if (at.getTime() < now().getTime() - PAST_SLACK_MS)
            throw new SkillError(`${describeInstant(at, zone)} is in the past`, 'time_in_past');
          const input = createScheduleSchema.safeParse({
            kind: 'reminder',
            message: request.text,
            run_at: at.toISOString(),
            time_zone: zone,
          });
          if (!input.success) throw new SkillError(input.error.issues[0]?.message ?? 'invalid');
          const reminder = await scheduler.create(input.data, context.actor).catch(asSkillError);
          return {
            text: `Reminder set for ${describeInstant(at, zone)}: ${reminder.message} (id ${reminder.schedule_id})`,
            data: { id: reminder.schedule_id, run_at: reminder.run_at, time_zone: zone },
            audit: { target: reminder.schedule_id },
          };
        }
        case 'list': {
          const pending = (await scheduler.list('reminder')).filter(
            (reminder) => reminder.enabled && reminder.next_run_at,
          );
          const lines = pending.map(
            (r) => `- ${r.schedule_id}: ${r.run_at} (${r.time_zone}): ${r.message}`,
          );
          return {
            text: pending.length
              ? `Pending reminders:\n${lines.join('\n')}`
              : 'No pending reminders.',
            data: {
              reminders: pending.map((r) => ({
                id: r.schedule_id,
                run_at: r.run_at,
                text: r.message,
              })),
            },
          };
        }
        case 'cancel': {
          const reminder = await scheduler.get(request.id).catch(asSkillError);
          if (reminder.kind !== 'reminder')
            throw new SkillError(
              `${request.id} is a ${reminder.kind} schedule, not a reminder`,
              'not_a_reminder',
            );
          await scheduler.remove(request.id);
          return {
            text: `Reminder ${request.id} cancelled: ${reminder.message}`,
            data: { id: request.id },
            audit: { target: request.id },
          };
        }
      }
    },
  });
}
