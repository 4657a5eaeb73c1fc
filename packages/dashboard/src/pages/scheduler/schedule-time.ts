/** Time zones, wall-clock times and intervals, as the scheduler's forms and tables show them. */

/** The browser's own zone, the natural default for an operator typing a time. */
export const browserZone = (): string => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
};

let zones: string[] | undefined;

/** Every IANA zone the browser knows, UTC first. */
export function timeZones(): string[] {
  if (!zones) {
    let known: string[] = [];
    try {
      known = Intl.supportedValuesOf('timeZone');
    } catch {
      known = [browserZone()];
    }
    zones = ['UTC', ...known.filter((zone) => zone !== 'UTC')];
  }
  return zones;
}

/** A zone list that surely holds `zone` (a schedule made elsewhere may use an alias). */
export function zoneOptions(zone: string): string[] {
  const all = timeZones();
  return all.includes(zone) ? all : [zone, ...all];
}

const partsFormat = new Map<string, Intl.DateTimeFormat>();

function wallParts(instant: Date, zone: string): Record<string, number> {
  let format = partsFormat.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormat.set(zone, format);
  }
  const parts: Record<string, number> = {};
  for (const part of format.formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return parts;
}

/** How far the zone's wall clock is ahead of UTC at an instant, in minutes. */
function offsetMinutes(instant: Date, zone: string): number {
  const p = wallParts(instant, zone);
  const asUtc = Date.UTC(p.year ?? 1970, (p.month ?? 1) - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/**
 * The instant a wall-clock time (`2026-05-01T09:00`, as a datetime-local input gives it) names in
 * a zone. A time a spring-forward jump skips moves forward by the jump; a time a fall-back shows
 * twice is its first showing. Null when the text is not such a time or the zone is unknown.
 */
export function wallTimeToInstant(local: string, zone: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(local);
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match.map(Number) as number[];
  const guess = Date.UTC(y ?? 0, (mo ?? 1) - 1, d, h, mi, s || 0);
  try {
    // The offsets in force a day either side; at most one change lies between them.
    const before = guess - offsetMinutes(new Date(guess - 86_400_000), zone) * 60_000;
    const after = guess - offsetMinutes(new Date(guess + 86_400_000), zone) * 60_000;
    const shows = (instant: number) =>
      instantToWallTime(new Date(instant), zone) === local.slice(0, 16);
    const valid = [before, after].filter(shows);
    // Shown twice: the first showing. Skipped: the offset before the jump lands after it.
    return new Date(valid.length > 0 ? Math.min(...valid) : before);
  } catch {
    return null;
  }
}

/** The wall-clock time of an instant in a zone, as a datetime-local input takes it. */
export function instantToWallTime(instant: string | Date, zone: string): string {
  try {
    const p = wallParts(new Date(instant), zone);
    return `${p.year}-${pad(p.month ?? 1)}-${pad(p.day ?? 1)}T${pad(p.hour ?? 0)}:${pad(p.minute ?? 0)}`;
  } catch {
    return '';
  }
}

/** "Mon 4 May 2026, 09:00 GMT+9" in the zone. */
export function formatInZone(instant: string | Date, zone: string): string {
  try {
    return new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZoneName: 'short',
    }).format(new Date(instant));
  } catch {
    return new Date(instant).toISOString();
  }
}

const UNITS: [number, string][] = [
  [604_800, 'week'],
  [86_400, 'day'],
  [3_600, 'hour'],
  [60, 'minute'],
  [1, 'second'],
];

/** 300 -> "5 minutes", 5400 -> "90 minutes", 86400 -> "1 day". */
export function formatInterval(seconds: number): string {
  for (const [size, unit] of UNITS) {
    if (seconds >= size && seconds % size === 0) {
      const count = seconds / size;
      return `${count} ${unit}${count === 1 ? '' : 's'}`;
    }
  }
  return `${seconds} seconds`;
}

/** "every 5 minutes", "every hour". */
export const formatEvery = (seconds: number) => {
  const text = formatInterval(seconds);
  return text.startsWith('1 ') ? `every ${text.slice(2)}` : `every ${text}`;
};

/** Preset intervals for a Select; the current value joins them when it is not one. */
export function intervalOptions(presets: number[], current?: number | null) {
  const values =
    current && !presets.includes(current) ? [...presets, current].sort((a, b) => a - b) : presets;
  return values.map((seconds) => ({ value: String(seconds), label: formatInterval(seconds) }));
}

/** "3.2 s", "412 ms", "2 min 5 s": how long a run took. */
export function formatDuration(startedAt: string, finishedAt: string | null): string | null {
  if (!finishedAt) return null;
  const ms = new Date(finishedAt).getTime() - new Date(startedAt).getTime();
  if (!Number.isFinite(ms) || ms < 0) return null;
  if (ms < 1_000) return `${ms} ms`;
  if (ms < 60_000) return `${(ms / 1_000).toFixed(1)} s`;
  return `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1_000)} s`;
}
