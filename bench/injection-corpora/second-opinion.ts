/**
 * The classifier's second opinion on the public corpora, through the runtime's own
 * InjectionClassifier against a scripted OpenAI-compatible fake: the fake knows each text's true
 * kind and answers right on `BENCH_CLASSIFIER_ACCURACY` (80 %) of texts, chosen by a hash (so
 * the same texts get the same answer in every run). What it measures is the plumbing's cost and
 * what a classifier of that accuracy would change on the held-out halves; it says nothing about
 * any real model's accuracy.
 */
import { createHash } from 'node:crypto';
import { createLanguageModel } from '../../packages/core/src/modules/models/language-model.ts';
import {
  CLASSIFIER_PROMPT,
  InjectionClassifier,
  SUSPICIOUS_SCORE,
} from '../../packages/core/src/modules/runtime/guards/injection-classifier.ts';
import { startFakeOpenAi } from '../../packages/core/src/testing/fakes/index.ts';
import { percentile, round } from '../lib.ts';
import type { LoadedCorpus } from './load.ts';
import { scanItem } from './measure.ts';

const ACCURACY = Number(process.env.BENCH_CLASSIFIER_ACCURACY ?? 0.8);
/** What the classifier reads of a text (injection-classifier.ts reads the first 8,000 characters). */
const head = (text: string) => text.slice(0, 8_000);

export interface SecondOpinionFigures {
  /** Per corpus and half: the rate flagged with the second opinion, and how many were asked. */
  rates: Record<string, { flaggedPct: number; asked: number; items: number }>;
  askedPct: number;
  p50Ms: number;
  p95Ms: number;
}

export async function measureSecondOpinion(corpora: LoadedCorpus[]): Promise<SecondOpinionFigures> {
  const truth = new Map<string, boolean>();
  for (const corpus of corpora)
    for (const item of corpus.items) truth.set(head(item.text), corpus.source.kind === 'attack');
  const fake = await startFakeOpenAi();
  fake.respond = (request) => {
    const messages = request.body.messages as Array<{ role: string; content: string }>;
    if (!String(messages[0]?.content).startsWith(CLASSIFIER_PROMPT)) return { text: 'BENIGN' };
    const text = String(messages.at(-1)?.content ?? '');
    const right = (createHash('sha256').update(text).digest()[1] ?? 0) / 256 < ACCURACY;
    const attack = truth.get(text) ?? false;
    return { text: attack === right ? 'INJECTION' : 'BENIGN' };
  };
  const model = await createLanguageModel(
    { kind: 'openai', baseUrl: fake.baseUrl, apiKey: 'sk-bench-0123456789abcdef' },
    fake.models[0] ?? 'gpt-4o-mini',
  );
  const classifier = new InjectionClassifier({
    timeoutMs: async () => 5_000,
    model: async () => model,
  });
  const rates: SecondOpinionFigures['rates'] = {};
  const times: number[] = [];
  let asked = 0;
  let items = 0;
  try {
    for (const corpus of corpora)
      for (const half of ['dev', 'held-out'] as const) {
        const inHalf = corpus.items.filter((item) => item.half === half);
        let flagged = 0;
        let askedHere = 0;
        for (const item of inHalf) {
          const scan = scanItem(item);
          if (scan.verdict === 'flag') {
            flagged += 1;
            continue;
          }
          if (scan.score < SUSPICIOUS_SCORE) continue;
          askedHere += 1;
          const opinion = await classifier.judge(item.text);
          if (opinion) times.push(opinion.ms);
          if (opinion?.outcome === 'injection') flagged += 1;
        }
        asked += askedHere;
        items += inHalf.length;
        rates[`${corpus.source.name}_${half === 'dev' ? 'dev' : 'heldout'}`] = {
          flaggedPct: inHalf.length ? round((100 * flagged) / inHalf.length, 1) : 0,
          asked: askedHere,
          items: inHalf.length,
        };
      }
  } finally {
    await fake.close();
  }
  return {
    rates,
    askedPct: items ? round((100 * asked) / items, 1) : 0,
    p50Ms: round(percentile(times, 50)),
    p95Ms: round(percentile(times, 95)),
  };
}
