/**
 * Secret redaction on the corpus under packages/core/src/security/testdata: misses (a secret that
 * survives), false alarms (a look-alike that is changed) and microseconds per KB of text, for the
 * redactor (our rules on top of secretlint's preset) and, in the same run, the hand-kept pattern
 * list it replaced. `BENCH_ROUNDS` (200) passes for the timing, over the corpus text by text
 * (many short texts: per-call cost dominates) and over one long page of look-alikes.
 */
import { redactText } from '../packages/core/src/security/redact.ts';
import { LOOKALIKES, SECRETS } from '../packages/core/src/security/testdata/secrets.corpus.ts';
import { redactTextHandList } from './baselines/redact-hand-list.ts';
import { median, report, round } from './lib.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const texts = [...SECRETS.map((sample) => sample.text), ...LOOKALIKES];
const kilobytes = Buffer.byteLength(texts.join('\n')) / 1024;

function quality(redact: (text: string) => string) {
  const misses = SECRETS.filter((sample) => redact(sample.text).includes(sample.secret));
  const falseAlarms = LOOKALIKES.filter((text) => redact(text) !== text);
  return {
    misses: misses.length,
    falseAlarms: falseAlarms.length,
    missed: misses.map((m) => m.name),
  };
}

/** Median microseconds per KB over rounds, the corpus given text by text (short texts). */
function speed(redact: (text: string) => string, inputs: string[]): number {
  const kb = Buffer.byteLength(inputs.join('')) / 1024;
  for (const text of inputs) redact(text); // warm-up
  const perRound: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const start = process.hrtime.bigint();
    for (const text of inputs) redact(text);
    perRound.push(Number(process.hrtime.bigint() - start) / 1000 / kb);
  }
  return median(perRound);
}
/** A long tool output: the look-alikes repeated to about 60 KB, one call. */
const page = [`${LOOKALIKES.join('\n')}\n`.repeat(20)];

const current = quality(redactText);
const baseline = quality(redactTextHandList);
const currentSpeed = speed(redactText, texts);
const baselineSpeed = speed(redactTextHandList, texts);
const currentPage = speed(redactText, page);
const baselinePage = speed(redactTextHandList, page);
if (baseline.missed.length) console.log(`hand list misses: ${baseline.missed.join(', ')}`);
if (current.missed.length) console.log(`redactor misses: ${current.missed.join(', ')}`);

await report('redaction', {
  secrets: SECRETS.length,
  look_alikes: LOOKALIKES.length,
  corpus_kb: round(kilobytes),
  misses: current.misses,
  false_alarms: current.falseAlarms,
  us_per_kb: round(currentSpeed),
  hand_list_misses: baseline.misses,
  hand_list_false_alarms: baseline.falseAlarms,
  hand_list_us_per_kb: round(baselineSpeed),
  speed_ratio_vs_hand_list: round(currentSpeed / baselineSpeed),
  page_kb: round(Buffer.byteLength(page[0] ?? '') / 1024),
  page_us_per_kb: round(currentPage),
  hand_list_page_us_per_kb: round(baselinePage),
  page_ratio_vs_hand_list: round(currentPage / baselinePage),
});
