/** Durations as operators write them: `30s`, `15m`, `24h`, `7d`, or a bare number of seconds. */
const UNIT_MS = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
const DURATION = /^(\d+)(ms|s|m|h|d)?$/;

/** Parses a duration into milliseconds, or returns null when the text is not a duration. */
export function parseDuration(text: string): number | null {
  const match = DURATION.exec(text.trim());
  if (!match) return null;
  const amount = Number(match[1]);
  const unit = (match[2] ?? 's') as keyof typeof UNIT_MS;
  const ms = amount * UNIT_MS[unit];
  return Number.isSafeInteger(ms) ? ms : null;
}
