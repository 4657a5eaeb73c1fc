import { Cron } from 'croner';

/**
 * When schedules fall due. Cron expressions (5 fields, or 6 with seconds first, or 7 with a year)
 * are read by croner in the schedule's IANA zone, so daylight-saving changes follow the zone's
 * wall clock: a fixed time skipped by a spring-forward jump runs at the first instant after the
 * jump, and a fixed time shown twice by a fall-back runs once, at its first showing. Expressions
 * with wildcards or steps in the time fields run at every instant the clock shows a match.
 */

/** Whether Intl knows the zone (IANA names and UTC; any letter case). */
export function isValidZone(zone: string): boolean {
  if (zone.length === 0 || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The zone as Intl spells it (`europe/berlin` -> `Europe/Berlin`), or null when unknown. */
export function canonicalZone(zone: string): string | null {
  if (!isValidZone(zone)) return null;
  return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
}

function cronFor(expression: string, zone: string): Cron {
  // Without a callback croner only computes; it starts no timer.
  return new Cron(expression, { timezone: zone, paused: true });
}

/** Why the expression cannot schedule anything, or null when it is fine. */
export function cronProblem(expression: string, zone = 'UTC', now = new Date()): string | null {
  if (expression.trim().length === 0) return 'must not be empty';
  let cron: Cron;
  try {
    cron = cronFor(expression, zone);
  } catch (error) {
    return `is not a valid cron expression: ${(error as Error).message.replace(/^CronPattern: /, '')}`;
  }
  if (!isValidZone(zone)) return null; // the zone is reported on its own field
  if (cron.nextRun(now) === null) return 'never falls due';
  return null;
}

/** The next `count` occurrences strictly after `after`, in time order. */
export function cronRuns(expression: string, zone: string, after: Date, count: number): Date[] {
  return cronFor(expression, zone).nextRuns(count, after);
}

export function nextCronRun(expression: string, zone: string, after: Date): Date | null {
  return cronFor(expression, zone).nextRun(after);
}

/**
 * A monitor's next check: the first `due + k * interval` (k >= 1) after `now`. Checks stay on
 * their grid, and a runtime that was down for many intervals checks once, not once per slot.
 */
export function nextInterval(due: Date, intervalSeconds: number, now: Date): Date {
  const step = intervalSeconds * 1000;
  const behind = Math.max(0, now.getTime() - due.getTime());
  const steps = Math.floor(behind / step) + 1;
  return new Date(due.getTime() + steps * step);
}

/** What the next-occurrence arithmetic needs of a schedule. */
export interface Timing {
  kind: 'recurring' | 'once' | 'reminder' | 'monitor';
  cron: string | null;
  time_zone: string;
  run_at: Date | null;
  interval_seconds: number | null;
}

/**
 * The occurrence that follows one that fell due at `due` (or, with `due` null, the first one from
 * `now`). One-off kinds have none after their run.
 */
export function followingOccurrence(timing: Timing, due: Date | null, now: Date): Date | null {
  switch (timing.kind) {
    case 'recurring': {
      const after = due && due > now ? due : now;
      return nextCronRun(timing.cron ?? '', timing.time_zone, after);
    }
    case 'monitor':
      // A new monitor is checked at once, so its state is known from the start.
      return due ? nextInterval(due, timing.interval_seconds ?? 60, now) : now;
    case 'once':
    case 'reminder':
      return due ? null : timing.run_at;
  }
}

/** Up to `count` upcoming occurrences, starting with the one already queued (`next`). */
export function upcoming(timing: Timing, next: Date | null, count: number, now: Date): Date[] {
  if (!next) return [];
  const result = [next];
  let last = next;
  while (result.length < count) {
    const following =
      timing.kind === 'monitor'
        ? new Date(last.getTime() + (timing.interval_seconds ?? 60) * 1000)
        : followingOccurrence(timing, last, now);
    if (!following) break;
    result.push(following);
    last = following;
  }
  return result;
}
