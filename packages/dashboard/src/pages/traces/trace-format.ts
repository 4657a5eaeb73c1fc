/** 840 -> "840 ms", 12_345 -> "12.3 s". */
export function formatLatency(ms: number): string {
  if (ms < 1_000) return `${ms} ms`;
  if (ms < 10_000) return `${(ms / 1_000).toFixed(2)} s`;
  if (ms < 60_000) return `${(ms / 1_000).toFixed(1)} s`;
  return `${Math.floor(ms / 60_000)} m ${Math.round((ms % 60_000) / 1_000)} s`;
}

/** Costs of one request are often fractions of a cent. */
export function formatCost(usd: number | null): string {
  if (usd === null) return '—';
  if (usd === 0) return '$0';
  if (usd < 0.01) return `$${usd.toFixed(6).replace(/0+$/, '')}`;
  return `$${usd.toFixed(4)}`;
}

/** One line of a long text, for a table cell. */
export const preview = (text: string, length = 120) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > length ? `${line.slice(0, length - 1)}…` : line;
};
