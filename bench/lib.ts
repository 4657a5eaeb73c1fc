import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

export const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * Prints the figures as a table and keeps them as JSON under bench/results/, unless `keep` is
 * false (a check run, whose figures should not replace a recorded measurement).
 */
export async function report(
  name: string,
  figures: Record<string, number | string | boolean>,
  { keep = true } = {},
): Promise<void> {
  console.log(`\n${name}`);
  const width = Math.max(...Object.keys(figures).map((k) => k.length));
  for (const [key, value] of Object.entries(figures))
    console.log(`  ${key.padEnd(width)}  ${value}`);
  if (!keep) return;
  const dir = path.resolve(import.meta.dirname, 'results');
  await mkdir(dir, { recursive: true });
  await writeFile(
    path.join(dir, `${name}.json`),
    `${JSON.stringify({ name, measured_at: new Date().toISOString(), node: process.version, figures }, null, 2)}\n`,
  );
}
