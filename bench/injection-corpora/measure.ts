import type { InjectionScan } from '../../packages/core/src/modules/runtime/guards/input-guard.ts';
import { scanSample } from '../../packages/core/src/modules/runtime/guards/testing/corpus/scan-sample.ts';
import { percentile, round } from '../lib.ts';
import type { Half } from './corpus-item.ts';
import type { LoadedCorpus } from './load.ts';

export interface HalfFigures {
  items: number;
  /** Attacks flagged, or benign documents flagged, in per cent. */
  flagged_pct: number;
}

export interface CorpusFigures {
  name: string;
  kind: 'attack' | 'benign';
  dev: HalfFigures;
  heldOut: HalfFigures;
  /** p95 over the corpus's texts of 1 KB or more of each text's scan time per KB, in µs. */
  p95UsPerKb: number;
  /** The same from the process's CPU time, which other work on a shared machine inflates less. */
  p95CpuUsPerKb: number;
  /** p95 of the scan time of its texts under 1 KB, in µs (a fixed cost dominates them). */
  p95UsShort: number;
}

export const scanItem = (item: { carrier: string; text: string }): InjectionScan =>
  scanSample({ carrier: item.carrier === 'html' ? 'html' : 'text', text: item.text });

/** Detection or false positives per half, and the cost of each scan, for one corpus. */
export function measureCorpus(
  corpus: LoadedCorpus,
  scan: (item: { carrier: string; text: string }) => InjectionScan = scanItem,
): CorpusFigures {
  const perKb: number[] = [];
  const cpuPerKb: number[] = [];
  const short: number[] = [];
  const tally = { dev: { items: 0, flagged: 0 }, 'held-out': { items: 0, flagged: 0 } };
  // Compiled and warmed first, as a running runtime's guard is.
  for (const item of corpus.items.slice(0, 50)) scan(item);
  for (const item of corpus.items) {
    const cpu = process.cpuUsage();
    const started = process.hrtime.bigint();
    const verdict = scan(item).verdict;
    const micros = Number(process.hrtime.bigint() - started) / 1000;
    const used = process.cpuUsage(cpu);
    const kb = Buffer.byteLength(item.text) / 1024;
    if (kb >= 1) {
      perKb.push(micros / kb);
      cpuPerKb.push((used.user + used.system) / kb);
    } else short.push(micros);
    const half = tally[item.half];
    half.items += 1;
    if (verdict === 'flag') half.flagged += 1;
  }
  const figures = (half: Half): HalfFigures => {
    const { items, flagged } = tally[half];
    return { items, flagged_pct: items ? round((100 * flagged) / items, 1) : 0 };
  };
  return {
    name: corpus.source.name,
    kind: corpus.source.kind,
    dev: figures('dev'),
    heldOut: figures('held-out'),
    p95UsPerKb: round(percentile(perKb, 95)),
    p95CpuUsPerKb: round(percentile(cpuPerKb, 95)),
    p95UsShort: round(percentile(short, 95)),
  };
}

/** Attacks flagged (or benign flagged) over several corpora of one kind, one half. */
export function pooled(figures: CorpusFigures[], half: 'dev' | 'heldOut'): HalfFigures {
  const items = figures.reduce((sum, corpus) => sum + corpus[half].items, 0);
  const flagged = figures.reduce(
    (sum, corpus) => sum + (corpus[half].items * corpus[half].flagged_pct) / 100,
    0,
  );
  return { items, flagged_pct: items ? round((100 * flagged) / items, 1) : 0 };
}
