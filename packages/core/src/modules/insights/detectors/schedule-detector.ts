import { type Detection, fingerprintOf, normalized, redacted, shorten } from './detection.js';

/** A request asked on this many different days, within this many minutes of one time of day. */
export const SCHEDULE_RULES = { minDays: 3, spreadMinutes: 60 };

const DAY_MINUTES = 1_440;
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

export interface RepeatedRequest {
  example: string;
  count: number;
  times: string[];
  request_ids: string[];
}

/**
 * The same request asked at a similar time of day on several days becomes a recurring prompt
 * proposal: daily, or weekly when every one of those days was the same weekday. Times are UTC,
 * and so is the proposed schedule (the operator can change the zone after accepting).
 */
export function detectSchedule(
  request: RepeatedRequest,
  scheduledPrompts: Set<string>,
): Detection | null {
  const text = request.example.trim();
  if (redacted(text) || scheduledPrompts.has(normalized(text))) return null;
  const cluster = densestCluster(request.times.map((time) => new Date(time)));
  const days = new Set(cluster.map((time) => time.toISOString().slice(0, 10)));
  if (days.size < SCHEDULE_RULES.minDays) return null;

  const minutes = cluster.map(minuteOfDay).sort((a, b) => a - b);
  const median = minutes[Math.floor((minutes.length - 1) / 2)] ?? 0;
  // A little before the operator usually asks, on a five-minute mark.
  const at = Math.floor(median / 5) * 5;
  const hour = Math.floor(at / 60);
  const minute = at % 60;
  const weekdays = new Set(cluster.map((time) => time.getUTCDay()));
  const weekday = weekdays.size === 1 ? [...weekdays][0] : undefined;
  const clock = `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')} UTC`;
  const cadence = weekday === undefined ? 'every day' : `every ${WEEKDAYS[weekday]}`;
  const times = cluster
    .map((time) => time.toISOString())
    .sort()
    .reverse();
  return {
    kind: 'schedule',
    fingerprint: fingerprintOf('schedule', normalized(text)),
    title: `Ask "${shorten(text)}" ${cadence} at ${clock}`,
    support: days.size,
    evidence: {
      summary: `Asked on ${days.size} days within ${SCHEDULE_RULES.spreadMinutes} minutes of ${clock}`,
      count: request.count,
      first_at: times[times.length - 1] ?? '',
      last_at: times[0] ?? '',
      request_ids: request.request_ids,
      times,
    },
    proposal: {
      kind: 'recurring',
      name: shorten(text, 80),
      cron: `${minute} ${hour} * * ${weekday ?? '*'}`,
      time_zone: 'UTC',
      action: { type: 'prompt', text },
    },
  };
}

const minuteOfDay = (time: Date) => time.getUTCHours() * 60 + time.getUTCMinutes();

/**
 * The occurrences inside the window of `spreadMinutes` (around the clock, so 23:50 and 00:10
 * are close) that covers the most different days.
 */
function densestCluster(times: Date[]): Date[] {
  let best: Date[] = [];
  let bestDays = 0;
  for (const start of times) {
    const from = minuteOfDay(start);
    const inside = times.filter(
      (time) =>
        (minuteOfDay(time) - from + DAY_MINUTES) % DAY_MINUTES < SCHEDULE_RULES.spreadMinutes,
    );
    const days = new Set(inside.map((time) => time.toISOString().slice(0, 10))).size;
    if (days > bestDays) [best, bestDays] = [inside, days];
  }
  return best;
}
