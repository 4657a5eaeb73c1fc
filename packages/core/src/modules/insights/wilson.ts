/** z for a two-sided 95 % interval. */
const Z = 1.959964;

export interface Interval {
  low: number;
  high: number;
}

/**
 * The Wilson score interval of a success proportion: unlike the plain p ± z·se it stays inside
 * [0, 1] and is honest for small counts (3 of 3 is not "certainly 100 %"). Null without trials.
 */
export function wilsonInterval(successes: number, trials: number): Interval | null {
  if (trials <= 0) return null;
  const p = successes / trials;
  const z2 = Z * Z;
  const denominator = 1 + z2 / trials;
  const center = (p + z2 / (2 * trials)) / denominator;
  const half = (Z / denominator) * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials));
  const round = (value: number) => Math.round(value * 10_000) / 10_000;
  return { low: round(Math.max(0, center - half)), high: round(Math.min(1, center + half)) };
}

/** successes / trials rounded to four places; null without trials. */
export function rate(successes: number, trials: number): number | null {
  return trials > 0 ? Math.round((successes / trials) * 10_000) / 10_000 : null;
}
