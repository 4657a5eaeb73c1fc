import { ApiError } from '../../api/client';
import type {
  MonitorCheck,
  NewSchedule,
  Schedule,
  ScheduleFields,
  ScheduleKind,
} from '../../api/schedules';
import { formErrors, type Refusal } from '../../components/form-errors';
import { browserZone, instantToWallTime, wallTimeToInstant } from './schedule-time';

/** What the schedule form edits, as its inputs hold it. */
export interface ScheduleForm {
  name: string;
  enabled: boolean;
  cron: string;
  timeZone: string;
  /** Wall-clock time in timeZone, as a datetime-local input holds it */
  runAt: string;
  prompt: string;
  message: string;
  url: string;
  check: MonitorCheck;
  /** Seconds, as the Select's value */
  interval: string;
  /** Empty: any status below 400 is up */
  expectedStatus: number | string;
}

export type FormField =
  | 'name'
  | 'cron'
  | 'time_zone'
  | 'run_at'
  | 'action'
  | 'message'
  | 'url'
  | 'check'
  | 'interval_seconds'
  | 'expected_status';

export type FormErrors = Partial<Record<FormField, string>> & {
  refusal?: Refusal;
  /** 400 url_blocked: the URL is a private address */
  blocked?: string;
};

export const MONITOR_INTERVALS = [30, 60, 300, 900, 1_800, 3_600, 21_600, 43_200, 86_400, 604_800];
export const DEFAULT_MONITOR_INTERVAL = 300;

/** Tomorrow at 09:00 in the zone, a sensible first offer for a one-off. */
function tomorrowMorning(zone: string): string {
  const wall = instantToWallTime(new Date(Date.now() + 86_400_000), zone);
  return wall ? `${wall.slice(0, 10)}T09:00` : '';
}

export function initialForm(schedule?: Schedule | null): ScheduleForm {
  const zone = schedule?.time_zone ?? browserZone();
  return {
    name: schedule?.name ?? '',
    enabled: schedule?.enabled ?? true,
    cron: schedule?.cron ?? '',
    timeZone: zone,
    runAt: schedule?.run_at ? instantToWallTime(schedule.run_at, zone) : tomorrowMorning(zone),
    prompt: schedule?.action?.text ?? '',
    message: schedule?.message ?? '',
    url: schedule?.url ?? '',
    check: schedule?.check ?? 'up',
    interval: String(schedule?.interval_seconds ?? DEFAULT_MONITOR_INTERVAL),
    expectedStatus: schedule?.expected_status ?? '',
  };
}

/** Problems the form can see before asking the runtime: empty required fields. */
export function missingFields(kind: ScheduleKind, form: ScheduleForm): FormErrors {
  const problems: FormErrors = {};
  if (kind === 'recurring' && !form.cron.trim()) problems.cron = 'Enter a cron expression.';
  if ((kind === 'recurring' || kind === 'once') && !form.prompt.trim())
    problems.action = 'Say what the agent should do at each run.';
  if ((kind === 'once' || kind === 'reminder') && !wallTimeToInstant(form.runAt, form.timeZone))
    problems.run_at = 'Choose a date and a time.';
  if (kind === 'reminder' && !form.message.trim()) problems.message = 'Write the reminder.';
  if (kind === 'monitor' && !form.url.trim()) problems.url = 'Enter the address to watch.';
  return problems;
}

/** Every field the kind takes, from the form. */
function fieldsOf(kind: ScheduleKind, form: ScheduleForm): ScheduleFields {
  const name = form.name.trim();
  const fields: ScheduleFields = name ? { name } : {};
  if (kind === 'recurring') {
    fields.cron = form.cron.trim();
    fields.time_zone = form.timeZone;
    fields.action = { type: 'prompt', text: form.prompt.trim() };
  } else if (kind === 'once' || kind === 'reminder') {
    fields.run_at = wallTimeToInstant(form.runAt, form.timeZone)?.toISOString() ?? form.runAt;
    fields.time_zone = form.timeZone;
    if (kind === 'once') fields.action = { type: 'prompt', text: form.prompt.trim() };
    else fields.message = form.message.trim();
  } else {
    fields.url = form.url.trim();
    fields.check = form.check;
    fields.interval_seconds = Number(form.interval);
    if (form.expectedStatus !== '') fields.expected_status = Number(form.expectedStatus);
  }
  return fields;
}

export function newSchedule(kind: ScheduleKind, form: ScheduleForm): NewSchedule {
  return { kind, enabled: form.enabled, ...fieldsOf(kind, form) };
}

/** Only what changed, so the audit log names exactly that and untouched timing stays queued. */
export function scheduleChange(schedule: Schedule, form: ScheduleForm): ScheduleFields {
  const next = fieldsOf(schedule.kind, form);
  const change: ScheduleFields = {};
  if (next.name !== undefined && next.name !== schedule.name) change.name = next.name;
  if (next.cron !== undefined && next.cron !== schedule.cron) change.cron = next.cron;
  if (next.time_zone !== undefined && next.time_zone !== schedule.time_zone)
    change.time_zone = next.time_zone;
  // The input holds minutes: an untouched time and zone keep the stored instant (seconds and
  // all), so saving a one-off that has run does not move it or trip the check for past times.
  const sameTime =
    schedule.run_at !== null &&
    form.timeZone === schedule.time_zone &&
    form.runAt === instantToWallTime(schedule.run_at, schedule.time_zone);
  if (next.run_at !== undefined && !sameTime) change.run_at = next.run_at;
  if (next.action && next.action.text !== schedule.action?.text) change.action = next.action;
  if (next.message !== undefined && next.message !== schedule.message)
    change.message = next.message;
  if (next.url !== undefined && next.url !== schedule.url) change.url = next.url;
  if (next.check !== undefined && next.check !== schedule.check) change.check = next.check;
  if (next.interval_seconds !== undefined && next.interval_seconds !== schedule.interval_seconds)
    change.interval_seconds = next.interval_seconds;
  if (schedule.kind === 'monitor') {
    const expected = next.expected_status ?? null;
    if (expected !== schedule.expected_status) change.expected_status = expected;
  }
  return change;
}

const FIELDS: FormField[] = [
  'name',
  'cron',
  'time_zone',
  'run_at',
  'action',
  'message',
  'url',
  'check',
  'interval_seconds',
  'expected_status',
];

export const BLOCKED_HINT =
  'The runtime refuses private, loopback, link-local and cloud-metadata addresses, so it cannot be steered into your own network: private addresses need SSRF_ALLOWLIST. To allow one, add its address (or range) to SSRF_ALLOWLIST in the runtime’s environment and restart it.';

/** "is required…" as a sentence under a field: "Is required…". */
export const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A 400's details next to the fields they are about; url_blocked explained. */
export function scheduleErrors(error: unknown): FormErrors {
  const shared = formErrors(
    error,
    Object.fromEntries(FIELDS.map((field) => [field, `/${field}`])) as Record<FormField, string>,
    { url_blocked: 'url' },
  );
  const errors: FormErrors = {};
  for (const [field, message] of Object.entries(shared.fields) as [FormField, string][])
    errors[field] = sentence(message);
  if (shared.refusal) errors.refusal = shared.refusal;
  if (error instanceof ApiError && error.code === 'url_blocked') errors.blocked = BLOCKED_HINT;
  return errors;
}
