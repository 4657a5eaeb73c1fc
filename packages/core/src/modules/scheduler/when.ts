import {
  addCalendarDays,
  instantOf,
  parseIsoDateTime,
  zonedTime,
} from '../skills/builtin/zoned-time.js';

/**
 * Reads when a reminder is for, as people and models write it: ISO 8601 (`2026-11-22T09:00`,
 * read in `zone` without an offset), a span from now (`in 10m`, `in 2 hours`, `in 1h 30m`),
 * a day and a time (`tomorrow 9:00`, `today at 5pm`) or a time alone (`17:30`: today, or
 * tomorrow when that has passed). Null when the text is none of these.
 */
export function parseWhen(text: string, zone: string, now: Date): Date | null {
  const value = text.trim().toLowerCase().replace(/\s+/g, ' ');
  return (
    parseIsoDateTime(value, zone) ?? parseSpan(value, now) ?? parseDayAndTime(value, zone, now)
  );
}

const UNIT_SECONDS: Array<[RegExp, number]> = [
  [/^(?:s|secs?|seconds?)$/, 1],
  [/^(?:m|mins?|minutes?)$/, 60],
  [/^(?:h|hrs?|hours?)$/, 3600],
  [/^(?:d|days?)$/, 86_400],
  [/^(?:w|weeks?)$/, 604_800],
];

function parseSpan(value: string, now: Date): Date | null {
  const match = /^in (.+)$/.exec(value);
  if (!match?.[1]) return null;
  const rest = match[1].replace(/,/g, ' ').replace(/\band\b/g, ' ');
  const parts = [...rest.matchAll(/(\d+(?:\.\d+)?) ?([a-z]+)/g)];
  // Every word must belong to an amount and a unit: "in 10m please" is not a time.
  const consumed = parts.map((part) => part[0]).join('');
  if (parts.length === 0 || consumed.replace(/ /g, '') !== rest.replace(/ /g, '')) return null;
  let seconds = 0;
  for (const [, amount, unit] of parts) {
    const factor = UNIT_SECONDS.find(([pattern]) => pattern.test(unit ?? ''))?.[1];
    if (!factor) return null;
    seconds += Number(amount) * factor;
  }
  return new Date(now.getTime() + Math.round(seconds * 1000));
}

const DAY_AND_TIME =
  /^(?:(today|tonight|tomorrow) )?(?:at )?(\d{1,2})(?::(\d{2}))? ?(am|pm)?$|^(today|tonight|tomorrow)$/;

function parseDayAndTime(value: string, zone: string, now: Date): Date | null {
  const match = DAY_AND_TIME.exec(value);
  if (!match) return null;
  const [, day, hourText, minuteText, meridiem, dayAlone] = match;
  if (dayAlone) return null; // a day without a time is too vague for a reminder
  // A bare number is not a time ("5"): it needs minutes, am/pm or a day before it.
  if (!day && minuteText === undefined && !meridiem) return null;
  let hour = Number(hourText);
  const minute = Number(minuteText ?? 0);
  if (meridiem) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (meridiem === 'pm' ? 12 : 0);
  }
  if (hour > 23 || minute > 59) return null;
  const today = zonedTime(now, zone);
  const at = instantOf({ ...today, hour, minute, second: 0, millisecond: 0 }, zone);
  if (day === 'tomorrow') return addCalendarDays(at, 1, zone);
  if (day) return at; // today: as said, even when it has passed (the caller refuses the past)
  return at > now ? at : addCalendarDays(at, 1, zone);
}
