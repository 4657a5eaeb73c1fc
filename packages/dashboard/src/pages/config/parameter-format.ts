const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const decimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 });

/** 1500 -> "1.5 s", 90000 -> "1 min 30 s", 86400000 -> "24 h". */
export function formatDuration(ms: number): string {
  if (ms < 1_000) return `${decimal.format(ms)} ms`;
  if (ms < 60_000) return `${decimal.format(ms / 1_000)} s`;
  const totalSeconds = Math.round(ms / 1_000);
  const hours = Math.floor(totalSeconds / 3_600);
  const minutes = Math.floor((totalSeconds % 3_600) / 60);
  const seconds = totalSeconds % 60;
  return [
    hours > 0 ? `${integer.format(hours)} h` : '',
    minutes > 0 ? `${minutes} min` : '',
    seconds > 0 ? `${seconds} s` : '',
  ]
    .filter(Boolean)
    .join(' ');
}

const BINARY_UNITS = ['bytes', 'KiB', 'MiB', 'GiB'] as const;

/** 2097152 -> "2 MiB", 1536 -> "1.5 KiB", 100 -> "100 bytes". */
export function formatByteSize(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < BINARY_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? integer.format(value) : decimal.format(Number(value.toFixed(2)))} ${BINARY_UNITS[unit]}`;
}

/** The unit's word after a raw number ("600,000 ms"); count has none. */
export const UNIT_LABELS: Record<string, string> = {
  ms: 'milliseconds',
  count: '',
  tokens: 'tokens',
  percent: 'percent',
  bytes: 'bytes',
  characters: 'characters',
};

/** A parameter's value as an operator reads it: durations in s/min/h, sizes in KiB/MiB. */
export function formatParameterValue(value: number, unit: string): string {
  switch (unit) {
    case 'ms':
      return formatDuration(value);
    case 'bytes':
      return formatByteSize(value);
    case 'percent':
      return `${decimal.format(value)} %`;
    case 'tokens':
      return `${integer.format(value)} tokens`;
    case 'characters':
      return `${integer.format(value)} characters`;
    case 'count':
      return integer.format(value);
    default:
      return `${decimal.format(value)} ${unit}`;
  }
}

/** The raw number with its unit ("600,000 ms"), when it says more than the readable form. */
export function rawParameterValue(value: number, unit: string): string | null {
  if (unit === 'ms') return `${integer.format(value)} ms`;
  if (unit === 'bytes' && value >= 1024) return `${integer.format(value)} bytes`;
  return null;
}

/** "1 s – 24 h", "256 – 1,000,000 tokens", "1 – 50": the unit once when both ends share it. */
export function formatParameterRange(min: number, max: number, unit: string): string {
  if (unit === 'ms' || unit === 'bytes')
    return `${formatParameterValue(min, unit)} – ${formatParameterValue(max, unit)}`;
  const word = unit === 'percent' ? ' %' : unit === 'count' ? '' : ` ${unit}`;
  return `${integer.format(min)} – ${integer.format(max)}${word}`;
}
