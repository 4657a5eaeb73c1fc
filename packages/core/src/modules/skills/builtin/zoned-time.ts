/**
 * Wall-clock time in IANA zones with nothing but Intl: reading an instant in a zone, finding the
 * instant of a wall time in a zone, ISO 8601 in and out, and the sentence people read.
 */

export interface WallTime {
  year: number;
  month: number; // 1-12
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
}

export interface ZonedTime extends WallTime {
  zone: string;
  /** Minutes east of UTC (Tokyo +540, New York -300 or -240). */
  offsetMinutes: number;
  weekday: string;
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

// Building a DateTimeFormat costs far more than using one, and the fast path formats per request.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** The wall time's fields read as UTC; out-of-range days roll over into the next month. */
function wallTimeAsUtc(wall: WallTime): number {
  const date = new Date(
    Date.UTC(2000, 0, 1, wall.hour, wall.minute, wall.second, wall.millisecond),
  );
  // setUTCFullYear, unlike Date.UTC, does not read years 0-99 as 1900-1999.
  return date.setUTCFullYear(wall.year, wall.month - 1, wall.day);
}

/** Reads an instant as the wall clock of a zone shows it. Throws RangeError for unknown zones. */
export function zonedTime(instant: Date, zone: string): ZonedTime {
  const fields: Record<string, number> = {};
  for (const part of formatterFor(zone).formatToParts(instant))
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  const wall: WallTime = {
    year: fields.year ?? 0,
    month: fields.month ?? 1,
    day: fields.day ?? 1,
    hour: fields.hour ?? 0,
    minute: fields.minute ?? 0,
    second: fields.second ?? 0,
    millisecond: instant.getUTCMilliseconds(),
  };
  const asUtc = wallTimeAsUtc(wall);
  return {
    ...wall,
    zone,
    offsetMinutes: Math.round((asUtc - instant.getTime()) / 60_000),
    weekday: WEEKDAYS[new Date(asUtc).getUTCDay()] ?? '',
  };
}

/**
 * The instant at which a zone's clock shows a wall time. A time skipped by a daylight-saving
 * jump resolves to the same distance after the jump; a time shown twice resolves to the earlier
 * instant (what Temporal calls "compatible").
 */
export function instantOf(wall: WallTime, zone: string): Date {
  const asUtc = wallTimeAsUtc(wall);
  const firstGuess = asUtc - zonedTime(new Date(asUtc), zone).offsetMinutes * 60_000;
  const offset = zonedTime(new Date(firstGuess), zone).offsetMinutes;
  return new Date(asUtc - offset * 60_000);
}

/** The same wall-clock time a number of calendar days later, in the zone (not always 24 h). */
export function addCalendarDays(instant: Date, days: number, zone: string): Date {
  const wall = zonedTime(instant, zone);
  const shifted = new Date(wallTimeAsUtc({ ...wall, day: wall.day + days }));
  return instantOf(
    {
      ...wall,
      year: shifted.getUTCFullYear(),
      month: shifted.getUTCMonth() + 1,
      day: shifted.getUTCDate(),
    },
    zone,
  );
}

const pad = (value: number, width = 2) => String(Math.abs(value)).padStart(width, '0');

/** `+09:00`, `-04:00`, `+05:30`. */
export function formatOffset(offsetMinutes: number): string {
  const sign = offsetMinutes < 0 ? '-' : '+';
  return `${sign}${pad(Math.trunc(offsetMinutes / 60))}:${pad(offsetMinutes % 60)}`;
}

/** ISO 8601 with the zone's offset: `2026-11-22T14:05:00+09:00`. */
export function toZonedIso(instant: Date, zone: string): string {
  const time = zonedTime(instant, zone);
  const millis = time.millisecond ? `.${pad(time.millisecond, 3)}` : '';
  return (
    `${pad(time.year, 4)}-${pad(time.month)}-${pad(time.day)}` +
    `T${pad(time.hour)}:${pad(time.minute)}:${pad(time.second)}${millis}` +
    formatOffset(time.offsetMinutes)
  );
}

/** "Sunday, 22 November 2026, 14:05 (Asia/Tokyo, UTC+09:00)". */
export function describeInstant(instant: Date, zone: string): string {
  const time = zonedTime(instant, zone);
  const date = `${time.weekday}, ${time.day} ${MONTHS[time.month - 1]} ${time.year}`;
  return `${date}, ${pad(time.hour)}:${pad(time.minute)} (${zone}, UTC${formatOffset(time.offsetMinutes)})`;
}

/** The current time in a zone, as describeInstant words it. */
export function describeNow(zone: string, now: Date): string {
  return describeInstant(now, zone);
}

const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

/**
 * Parses ISO 8601 (`2026-03-29`, `2026-03-29T02:30`, `2026-03-29T02:30:00.5+01:00`, `...Z`).
 * Without an offset the wall time is read in `zone`. Null when the text is not a valid date.
 */
export function parseIsoDateTime(text: string, zone: string): Date | null {
  const match = ISO_DATE_TIME.exec(text.trim());
  if (!match) return null;
  const [, year, month, day, hour, minute, second, fraction, offset] = match;
  const wall: WallTime = {
    year: Number(year),
    month: Number(month),
    day: Number(day),
    hour: Number(hour ?? 0),
    minute: Number(minute ?? 0),
    second: Number(second ?? 0),
    millisecond: Math.floor(Number(`0.${fraction ?? 0}`) * 1000),
  };
  const daysInMonth = new Date(
    wallTimeAsUtc({ ...wall, month: wall.month + 1, day: 0 }),
  ).getUTCDate();
  if (wall.month < 1 || wall.month > 12 || wall.day < 1 || wall.day > daysInMonth) return null;
  if (wall.hour > 23 || wall.minute > 59 || wall.second > 59) return null;
  if (!offset) return instantOf(wall, zone);
  if (offset.toUpperCase() === 'Z') return new Date(wallTimeAsUtc(wall));
  const digits = offset.replace(':', '');
  const minutes = Number(digits.slice(1, 3)) * 60 + Number(digits.slice(3) || 0);
  if (minutes > 18 * 60) return null;
  return new Date(wallTimeAsUtc(wall) - (offset.startsWith('-') ? -minutes : minutes) * 60_000);
}
