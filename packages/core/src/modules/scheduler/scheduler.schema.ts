import { z } from 'zod';
import { cursorSchema, limitSchema } from '../../http/paging.js';
import { canonicalZone } from './occurrences.js';
import { fieldProblems } from './schedule-fields.js';

export const SCHEDULE_KINDS = ['recurring', 'once', 'reminder', 'monitor'] as const;
export const MONITOR_CHECKS = ['up', 'changed'] as const;
export const RUN_STATUSES = ['running', 'ok', 'error', 'skipped'] as const;

export const MIN_INTERVAL_SECONDS = 30;
export const MAX_INTERVAL_SECONDS = 7 * 86_400;
export const DEFAULT_INTERVAL_SECONDS = 300;

export const promptActionSchema = z.object({
  type: z.literal('prompt'),
  text: z.string().trim().min(1).max(32_000).describe('What the agent is asked at each run'),
});
export type ScheduleAction = z.infer<typeof promptActionSchema>;

const isoInstant = z.iso
  .datetime({ offset: true })
  .describe('ISO 8601 with Z or an offset')
  .transform((text) => new Date(text));

/** The fields of a schedule as a request carries them (create and update). */
const fieldShapes = {
  name: z.string().trim().min(1).max(200),
  enabled: z.boolean(),
  cron: z.string().trim().min(1).max(200).describe('5 fields, or 6 with seconds first'),
  time_zone: z
    .string()
    .min(1)
    .max(64)
    .describe('IANA zone; default UTC')
    // Stored as Intl spells it; an unknown zone is left for the field check to name.
    .transform((zone) => canonicalZone(zone) ?? zone),
  run_at: isoInstant,
  action: promptActionSchema,
  message: z.string().trim().min(1).max(2_000),
  url: z.url({ protocol: /^https?$/ }).max(2_000),
  check: z.enum(MONITOR_CHECKS),
  interval_seconds: z.number().int().min(MIN_INTERVAL_SECONDS).max(MAX_INTERVAL_SECONDS),
  expected_status: z.number().int().min(100).max(599),
};

export const createScheduleSchema = z
  .strictObject({
    kind: z.enum(SCHEDULE_KINDS),
    name: fieldShapes.name.optional(),
    enabled: fieldShapes.enabled.optional(),
    cron: fieldShapes.cron.optional(),
    time_zone: fieldShapes.time_zone.optional(),
    run_at: fieldShapes.run_at.optional(),
    action: fieldShapes.action.optional(),
    message: fieldShapes.message.optional(),
    url: fieldShapes.url.optional(),
    check: fieldShapes.check.optional(),
    interval_seconds: fieldShapes.interval_seconds.optional(),
    expected_status: fieldShapes.expected_status.optional(),
  })
  .superRefine((body, ctx) => {
    for (const problem of fieldProblems(body.kind, body, { creating: true, now: new Date() }))
      ctx.addIssue({ code: 'custom', path: [problem.path.slice(1)], message: problem.message });
  });
export type CreateSchedule = z.output<typeof createScheduleSchema>;

export const updateScheduleSchema = z.strictObject({
  name: fieldShapes.name.optional(),
  enabled: fieldShapes.enabled.optional(),
  cron: fieldShapes.cron.optional(),
  time_zone: fieldShapes.time_zone.optional(),
  run_at: fieldShapes.run_at.optional(),
  action: fieldShapes.action.optional(),
  message: fieldShapes.message.optional(),
  url: fieldShapes.url.optional(),
  check: fieldShapes.check.optional(),
  interval_seconds: fieldShapes.interval_seconds.optional(),
  expected_status: fieldShapes.expected_status.nullable().optional().describe('null removes it'),
});
export type UpdateSchedule = z.output<typeof updateScheduleSchema>;

const instant = z.string().describe('ISO 8601, UTC');

export const monitorViewSchema = z.object({
  state: z.enum(['up', 'down']).nullable().describe('null until the first check'),
  status: z.number().int().nullable().describe('HTTP status of the last check'),
  content_hash: z.string().nullable().describe('SHA-256 of the last body read'),
  error: z.string().nullable(),
  last_checked_at: instant.nullable(),
  last_change_at: instant.nullable(),
});

export const scheduleViewSchema = z.object({
  schedule_id: z.string(),
  kind: z.enum(SCHEDULE_KINDS),
  name: z.string(),
  enabled: z.boolean(),
  cron: z.string().nullable(),
  time_zone: z.string(),
  run_at: instant.nullable(),
  action: promptActionSchema.nullable(),
  message: z.string().nullable(),
  url: z.string().nullable(),
  check: z.enum(MONITOR_CHECKS).nullable(),
  interval_seconds: z.number().int().nullable(),
  expected_status: z.number().int().nullable(),
  monitor: monitorViewSchema.nullable(),
  next_run_at: instant.nullable(),
  last_run_at: instant.nullable(),
  last_status: z.enum(RUN_STATUSES).nullable(),
  created_by: z.string(),
  created_at: instant,
  updated_at: instant,
});
export type ScheduleView = z.infer<typeof scheduleViewSchema>;

export const scheduleDetailSchema = scheduleViewSchema.extend({
  upcoming: z.array(instant).describe('The next occurrences (up to 5); empty when disabled'),
});

export const runViewSchema = z.object({
  run_id: z.string(),
  schedule_id: z.string(),
  due_at: z.string().describe('ISO 8601, UTC, microseconds'),
  trigger: z.enum(['schedule', 'manual']),
  status: z.enum(RUN_STATUSES),
  started_at: z.string().describe('ISO 8601, UTC, microseconds'),
  finished_at: instant.nullable(),
  request_id: z.string().nullable().describe('The decision trace of a prompt run'),
  error: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
});
export type RunView = z.infer<typeof runViewSchema>;

export const scheduleParamsSchema = z.object({ schedule_id: z.string().min(1).max(64) });
export const listQuerySchema = z.object({ kind: z.enum(SCHEDULE_KINDS).optional() });
export const runsQuerySchema = z.object({
  limit: limitSchema(50, 500).describe('Default 50, capped at 500'),
  cursor: cursorSchema.optional(),
});
export type RunsQuery = z.output<typeof runsQuerySchema>;

export const previewQuerySchema = z
  .object({
    cron: fieldShapes.cron,
    time_zone: fieldShapes.time_zone.default('UTC'),
    count: z.coerce.number().int().min(1).max(50).default(5),
  })
  .superRefine((query, ctx) => {
    const fields = { cron: query.cron, time_zone: query.time_zone };
    for (const problem of fieldProblems('recurring', fields, { creating: false, now: new Date() }))
      ctx.addIssue({ code: 'custom', path: [problem.path.slice(1)], message: problem.message });
  });
