import { cronProblem, isValidZone } from './occurrences.js';
import type { ScheduleKind } from './scheduler.tables.js';

/** The fields a schedule may carry beyond kind, name and enabled. */
export const KIND_FIELDS = [
  'cron',
  'time_zone',
  'run_at',
  'action',
  'message',
  'url',
  'check',
  'interval_seconds',
  'expected_status',
] as const;
export type KindField = (typeof KIND_FIELDS)[number];

/** Which fields each kind takes, and which it cannot do without. */
export const FIELDS_BY_KIND: Record<
  ScheduleKind,
  { required: KindField[]; optional: KindField[] }
> = {
  recurring: { required: ['cron', 'action'], optional: ['time_zone'] },
  once: { required: ['run_at', 'action'], optional: ['time_zone'] },
  reminder: { required: ['run_at', 'message'], optional: ['time_zone'] },
  monitor: { required: ['url'], optional: ['check', 'interval_seconds', 'expected_status'] },
};

export interface FieldProblem {
  path: string;
  message: string;
}

/** A run_at this far in the past still counts as now (clock skew, a slow client). */
const PAST_SLACK_MS = 5_000;

/**
 * What is wrong with a schedule's fields for its kind: fields it does not take, required ones
 * missing (on create), a cron expression croner refuses or that never falls due in the zone,
 * a zone Intl does not know, a run_at in the past. Each problem names its field.
 */
export function fieldProblems(
  kind: ScheduleKind,
  fields: Partial<Record<KindField, unknown>>,
  options: { creating: boolean; now: Date; cron?: string | null; timeZone?: string },
): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (!(kind in FIELDS_BY_KIND)) return [{ path: '/kind', message: 'is not a schedule kind' }];
  const { required, optional } = FIELDS_BY_KIND[kind];
  for (const field of KIND_FIELDS) {
    const given = fields[field] !== undefined;
    if (given && !required.includes(field) && !optional.includes(field))
      problems.push({ path: `/${field}`, message: `does not apply to a ${kind} schedule` });
    if (options.creating && !given && required.includes(field))
      problems.push({ path: `/${field}`, message: `is required for a ${kind} schedule` });
    if (!options.creating && given && fields[field] === null && required.includes(field))
      problems.push({ path: `/${field}`, message: `cannot be removed from a ${kind} schedule` });
  }
  const zone = (fields.time_zone as string | undefined) ?? options.timeZone ?? 'UTC';
  if (fields.time_zone !== undefined && !isValidZone(zone))
    problems.push({ path: '/time_zone', message: `is not a known IANA time zone: ${zone}` });
  const cron = (fields.cron as string | undefined) ?? options.cron;
  if (kind === 'recurring' && typeof cron === 'string' && isValidZone(zone)) {
    const problem = cronProblem(cron, zone, options.now);
    if (problem) problems.push({ path: '/cron', message: problem });
  }
  const runAt = fields.run_at;
  if (runAt instanceof Date && runAt.getTime() < options.now.getTime() - PAST_SLACK_MS)
    problems.push({ path: '/run_at', message: 'must not be in the past' });
  return problems;
}
