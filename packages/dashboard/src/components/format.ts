const BYTE_UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];

export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${value.toFixed(digits)} ${BYTE_UNITS[unit]}`;
}

/** A share (0..1) as a percentage. */
export function formatPercent(ratio: number, digits = 0): string {
  return `${(ratio * 100).toFixed(digits)} %`;
}

/** 93784 -> "1d 2h 3m"; the two or three largest units are enough to read at a glance. */
export function formatUptime(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3_600);
  const minutes = Math.floor((seconds % 3_600) / 60);
  if (days > 0) return `${days}d ${hours}h ${minutes}m`;
  if (hours > 0) return `${hours}h ${minutes}m`;
  if (minutes > 0) return `${minutes}m ${seconds % 60}s`;
  return `${seconds}s`;
}

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto', style: 'long' });

/** "12 seconds ago", "5 minutes ago", "yesterday". */
export function formatRelative(time: string | number, now: number = Date.now()): string {
  const elapsed = (now - new Date(time).getTime()) / 1000;
  if (Math.abs(elapsed) < 5) return 'just now';
  const steps: [number, Intl.RelativeTimeFormatUnit][] = [
    [60, 'second'],
    [3_600, 'minute'],
    [86_400, 'hour'],
    [604_800, 'day'],
    [2_629_800, 'week'],
    [31_557_600, 'month'],
  ];
  let divisor = 1;
  for (const [limit, unit] of steps) {
    if (Math.abs(elapsed) < limit) return relative.format(-Math.round(elapsed / divisor), unit);
    divisor = limit;
  }
  return relative.format(-Math.round(elapsed / 31_557_600), 'year');
}

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** Local wall-clock time, sortable and unambiguous: 2025-03-04 17:05:09. */
export function formatAbsolute(time: string | number): string {
  const date = new Date(time);
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  );
}

/** "1 model", "2 models": a count with its noun, singular for exactly one. */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : pluralForm}`;
}
