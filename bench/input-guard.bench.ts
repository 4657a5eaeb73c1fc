/**
 * The input guard on the corpus under packages/core/src/modules/runtime/guards/testing/corpus:
 * detection (attacks flagged), false positives (benign texts flagged), per attack form, and
 * microseconds per KB (corpus text by text, and one ~60 KB page, since the guard runs on every
 * untrusted tool output); against the English-only guard it replaced
 * (`baselines/input-guard-english.ts`) in the same run. `BENCH_ROUNDS` (50).
 */

import { scanForInjection } from '../packages/core/src/modules/runtime/guards/input-guard.ts';
import {
  ATTACKS,
  BENIGN,
} from '../packages/core/src/modules/runtime/guards/testing/corpus/index.ts';
import { scanSample } from '../packages/core/src/modules/runtime/guards/testing/corpus/scan-sample.ts';
import { hiddenHtmlText } from '../packages/core/src/net/html-hidden.ts';
import { htmlToText } from '../packages/core/src/net/html-text.ts';
import { scanForInjectionEnglish } from './baselines/input-guard-english.ts';
import { median, report, round } from './lib.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 50);
type Sample = (typeof ATTACKS)[number] | (typeof BENIGN)[number];

/** The old guard saw HTML only as converted text; it had no look at the markup. */
const englishSample = (sample: Sample) =>
  scanForInjectionEnglish(sample.carrier === 'html' ? htmlToText(sample.text).text : sample.text);

function quality(scan: (sample: Sample) => { verdict: string }) {
  const missed = ATTACKS.filter((attack) => scan(attack).verdict !== 'flag');
  const noisy = BENIGN.filter((sample) => scan(sample).verdict === 'flag');
  const byCategory: Record<string, number> = {};
  for (const category of new Set(ATTACKS.map((attack) => attack.category))) {
    const all = ATTACKS.filter((attack) => attack.category === category).length;
    const miss = missed.filter((attack) => attack.category === category).length;
    byCategory[category] = round((100 * (all - miss)) / all, 1);
  }
  return {
    detection: round((100 * (ATTACKS.length - missed.length)) / ATTACKS.length, 1),
    falsePositives: round((100 * noisy.length) / BENIGN.length, 1),
    missed,
    noisy,
    byCategory,
  };
}

/** Median microseconds per KB over rounds; each text is one call, as each tool output is. */
function speed(scan: (text: string) => unknown, inputs: string[]): number {
  const kb = Buffer.byteLength(inputs.join('')) / 1024;
  for (const text of inputs) scan(text); // warm-up
  const perRound: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const start = process.hrtime.bigint();
    for (const text of inputs) scan(text);
    perRound.push(Number(process.hrtime.bigint() - start) / 1000 / kb);
  }
  return median(perRound);
}

const texts = [...ATTACKS, ...BENIGN].map((sample) => sample.text);
/** A long tool output: the benign texts repeated to about 60 KB, one call. */
const page = [`${BENIGN.map((sample) => sample.text).join('\n\n')}\n`.repeat(2)];
const pageScan = (text: string) => scanForInjection(text, { hidden: hiddenHtmlText(text) });

const current = quality(scanSample);
const baseline = quality(englishSample);
for (const attack of current.missed)
  console.log(
    `missed ${attack.category}/${attack.lang}: ${JSON.stringify(attack.text.slice(0, 90))}`,
  );
for (const sample of current.noisy)
  console.log(`false positive ${sample.category}: ${JSON.stringify(sample.text.slice(0, 90))}`);

await report('input-guard', {
  attacks: ATTACKS.length,
  benign: BENIGN.length,
  languages: new Set(ATTACKS.map((attack) => attack.lang)).size,
  detection_pct: current.detection,
  false_positive_pct: current.falsePositives,
  ...Object.fromEntries(
    Object.entries(current.byCategory).map(([category, pct]) => [`detection_${category}_pct`, pct]),
  ),
  us_per_kb: round(speed((text) => scanForInjection(text), texts)),
  page_kb: round(Buffer.byteLength(page[0] ?? '') / 1024),
  page_us_per_kb: round(speed(pageScan, page)),
  english_detection_pct: baseline.detection,
  english_false_positive_pct: baseline.falsePositives,
  english_us_per_kb: round(speed((text) => scanForInjectionEnglish(text), texts)),
  english_page_us_per_kb: round(speed((text) => scanForInjectionEnglish(text), page)),
});
