/**
 * The input guard on two kinds of data.
 *
 * 1. Our own corpus under packages/core/src/modules/runtime/guards/testing/corpus (the regression
 *    set CI runs): detection (attacks flagged), false positives (benign texts flagged), per attack
 *    form, and microseconds per KB (corpus text by text, and one ~60 KB page, since the guard runs
 *    on every untrusted tool output); against the English-only guard it replaced
 *    (`baselines/input-guard-english.ts`) in the same run. `BENCH_ROUNDS` (50).
 * 2. Public corpora nobody on the project wrote, read from INJECTION_CORPORA_DIR (see
 *    injection-corpora/ and bench/README.md): detection or false positives per corpus and per
 *    half (development and held-out, split by a hash of each item), and the p95 cost per KB.
 *    A corpus the folder lacks is named as skipped.
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
import { loadCorpora } from './injection-corpora/load.ts';
import { measureCorpus, pooled } from './injection-corpora/measure.ts';
import { measureSecondOpinion } from './injection-corpora/second-opinion.ts';
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

const external = loadCorpora();
for (const { name, reason } of external.skipped) console.log(`skipped corpus ${name}: ${reason}`);
if (external.corpora.length > 0) {
  const measured = external.corpora.map((corpus) => measureCorpus(corpus));
  const figures: Record<string, number | string> = { corpora_dir: external.dir ?? '' };
  for (const corpus of measured) {
    const rate = corpus.kind === 'attack' ? 'detected' : 'false_positive';
    figures[`${corpus.name}_dev_${rate}_pct`] = `${corpus.dev.flagged_pct} (${corpus.dev.items})`;
    figures[`${corpus.name}_heldout_${rate}_pct`] =
      `${corpus.heldOut.flagged_pct} (${corpus.heldOut.items})`;
    figures[`${corpus.name}_p95_us_per_kb`] = corpus.p95UsPerKb;
    figures[`${corpus.name}_p95_cpu_us_per_kb`] = corpus.p95CpuUsPerKb;
    figures[`${corpus.name}_p95_us_under_1kb`] = corpus.p95UsShort;
  }
  for (const kind of ['attack', 'benign'] as const) {
    const ofKind = measured.filter((corpus) => corpus.kind === kind);
    const rate = kind === 'attack' ? 'detected' : 'false_positive';
    for (const half of ['dev', 'heldOut'] as const) {
      const all = pooled(ofKind, half);
      figures[`all_${half === 'dev' ? 'dev' : 'heldout'}_${rate}_pct`] =
        `${all.flagged_pct} (${all.items})`;
    }
  }
  figures.p95_us_per_kb_worst = Math.max(...measured.map((corpus) => corpus.p95UsPerKb));
  figures.p95_cpu_us_per_kb_worst = Math.max(...measured.map((corpus) => corpus.p95CpuUsPerKb));
  // The classifier's second opinion, scripted (see injection-corpora/second-opinion.ts).
  const opinion = await measureSecondOpinion(external.corpora);
  figures.classifier_asked_pct = opinion.askedPct;
  figures.classifier_p50_ms = opinion.p50Ms;
  figures.classifier_p95_ms = opinion.p95Ms;
  for (const [key, rate] of Object.entries(opinion.rates))
    figures[`classifier_${key}_flagged_pct`] =
      `${rate.flaggedPct} (${rate.asked} asked of ${rate.items})`;
  figures.skipped = external.skipped.map((corpus) => corpus.name).join(', ') || 'none';
  await report('input-guard-public-corpora', figures);
}
