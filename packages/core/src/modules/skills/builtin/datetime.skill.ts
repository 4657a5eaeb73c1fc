import { z } from 'zod';
import { defineSkill, SkillError, type SkillOutput } from '../skill.js';
import { resolveZone, serverZone } from './time-zones.js';
import {
  addCalendarDays,
  describeInstant,
  formatOffset,
  parseIsoDateTime,
  toZonedIso,
  zonedTime,
} from './zoned-time.js';

export { resolveZone, serverZone } from './time-zones.js';
export { describeNow } from './zoned-time.js';

const UNITS = ['minutes', 'hours', 'days', 'weeks'] as const;
const UNIT_MS = { minutes: 60_000, hours: 3_600_000 } as const;

const zone = z.string().min(1).max(64);
const isoDateTime = z.string().min(1).max(40);

/** The real contract: one shape per action, each with exactly the fields it needs. */
const requestSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('now'), time_zone: zone.optional() }),
  z.object({
    action: z.literal('convert'),
    datetime: isoDateTime.optional(),
    from_zone: zone.optional(),
    to_zone: zone,
  }),
  z
    .object({
      action: z.literal('add'),
      datetime: isoDateTime.optional(),
      time_zone: zone.optional(),
      amount: z.number().min(-1e6).max(1e6),
      unit: z.enum(UNITS),
    })
    .refine((add) => !['days', 'weeks'].includes(add.unit) || Number.isInteger(add.amount), {
      message: 'days and weeks are added as whole numbers',
      path: ['amount'],
    }),
  z.object({
    action: z.literal('diff'),
    datetime: isoDateTime,
    other: isoDateTime.optional(),
    time_zone: zone.optional(),
  }),
]);

export type DatetimeRequest = z.infer<typeof requestSchema>;

/**
 * What the model sees: one flat object. Providers reject a tool whose parameters are not an
 * object at the top level (a union is `oneOf`), so the union sits behind a pipe, which the
 * input-side JSON Schema does not show.
 */
const inputSchema = z
  .object({
    action: z
      .enum(['now', 'convert', 'add', 'diff'])
      .describe(
        'now (time_zone?). convert (datetime?, from_zone?, to_zone). add (amount, unit, ' +
          'datetime?, time_zone?). diff (datetime, other?, time_zone?): datetime to other.',
      ),
    time_zone: zone.optional().describe('IANA zone or city, e.g. "Asia/Tokyo"; default server'),
    from_zone: zone.optional().describe('for datetime without offset; default server'),
    to_zone: zone.optional().describe('target zone'),
    datetime: isoDateTime
      .optional()
      .describe('ISO 8601, e.g. "2026-11-22T14:05", offset optional; default now'),
    amount: z.number().optional().describe('negative subtracts'),
    unit: z.enum(UNITS).optional().describe('of amount'),
    other: isoDateTime.optional().describe('ISO 8601; default now'),
  })
  .pipe(requestSchema);

export interface DatetimeSkillOptions {
  now?: () => Date;
  /** The zone used when a request names none; the server's by default. */
  defaultZone?: string;
}

function zoneOrFail(name: string | undefined, fallback: string): string {
  if (name === undefined) return fallback;
  const resolved = resolveZone(name);
  if (!resolved) throw new SkillError(`Unknown time zone: ${name}`, 'unknown_time_zone');
  return resolved;
}

function instantOrFail(text: string | undefined, zone: string, now: Date): Date {
  if (text === undefined) return now;
  const instant = parseIsoDateTime(text, zone);
  if (!instant)
    throw new SkillError(
      `Invalid date-time: ${text} (expected ISO 8601, like 2026-11-22T14:05)`,
      'invalid_datetime',
    );
  return instant;
}

function moment(instant: Date, zone: string) {
  if (Number.isNaN(instant.getTime()))
    throw new SkillError('The result is outside the supported date range', 'invalid_datetime');
  const time = zonedTime(instant, zone);
  return {
    time_zone: zone,
    local: toZonedIso(instant, zone),
    utc: instant.toISOString(),
    utc_offset: formatOffset(time.offsetMinutes),
    weekday: time.weekday,
  };
}

function plural(count: number, unit: string): string {
  const singular = unit.replace(/s$/, '');
  return `${count} ${Math.abs(count) === 1 ? singular : `${singular}s`}`;
}

/** "1 day, 1 hour and 5 minutes" for a span, in whole minutes. */
function spanInWords(milliseconds: number): string {
  const totalMinutes = Math.round(Math.abs(milliseconds) / 60_000);
  const parts = [
    [Math.floor(totalMinutes / 1440), 'days'],
    [Math.floor(totalMinutes / 60) % 24, 'hours'],
    [totalMinutes % 60, 'minutes'],
  ] as const;
  const words = parts.filter(([count]) => count > 0).map(([count, unit]) => plural(count, unit));
  if (words.length === 0) return 'less than a minute';
  const last = words.pop();
  return words.length ? `${words.join(', ')} and ${last}` : `${last}`;
}

function run(request: DatetimeRequest, now: Date, defaultZone: string): SkillOutput {
  switch (request.action) {
    case 'now': {
      const zone = zoneOrFail(request.time_zone, defaultZone);
      return { text: describeInstant(now, zone), data: moment(now, zone) };
    }
    case 'convert': {
      const fromZone = zoneOrFail(request.from_zone, defaultZone);
      const toZone = zoneOrFail(request.to_zone, defaultZone);
      const instant = instantOrFail(request.datetime, fromZone, now);
      return {
        text: `${describeInstant(instant, fromZone)} is ${describeInstant(instant, toZone)}`,
        data: { from: moment(instant, fromZone), to: moment(instant, toZone) },
      };
    }
    case 'add': {
      const zone = zoneOrFail(request.time_zone, defaultZone);
      const start = instantOrFail(request.datetime, zone, now);
      const { amount, unit } = request;
      // Days and weeks keep the wall-clock time across a daylight-saving change; hours do not.
      const result =
        unit === 'minutes' || unit === 'hours'
          ? new Date(start.getTime() + amount * UNIT_MS[unit])
          : addCalendarDays(start, unit === 'weeks' ? amount * 7 : amount, zone);
      const data = { start: moment(start, zone), result: moment(result, zone), amount, unit };
      return {
        text: `${describeInstant(start, zone)} plus ${plural(amount, unit)} is ${describeInstant(result, zone)}`,
        data,
      };
    }
    case 'diff': {
      const zone = zoneOrFail(request.time_zone, defaultZone);
      const from = instantOrFail(request.datetime, zone, now);
      const to = instantOrFail(request.other, zone, now);
      const milliseconds = to.getTime() - from.getTime();
      const hours = Math.round((milliseconds / 3_600_000) * 100) / 100;
      const relation =
        milliseconds === 0
          ? 'is the same moment as'
          : `is ${spanInWords(milliseconds)} ${milliseconds > 0 ? 'after' : 'before'}`;
      return {
        text: `${describeInstant(to, zone)} ${relation} ${describeInstant(from, zone)} (${plural(hours, 'hours')} in total)`,
        data: {
          from: moment(from, zone),
          to: moment(to, zone),
          milliseconds,
          minutes: Math.round(milliseconds / 60_000),
          hours,
          days: Math.round((milliseconds / 86_400_000) * 100) / 100,
        },
      };
    }
  }
}

export function createDatetimeSkill(options: DatetimeSkillOptions = {}) {
  const now = options.now ?? (() => new Date());
  return defineSkill<DatetimeRequest>({
    name: 'datetime_skill',
    description: 'Current time, time zone conversion, date arithmetic and differences.',
    level: 'SAFE',
    inputSchema,
    async execute(request) {
      const defaultZone = zoneOrFail(options.defaultZone, serverZone());
      return run(request, now(), defaultZone);
    },
  });
}
