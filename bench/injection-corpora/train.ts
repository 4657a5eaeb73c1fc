/**
 * Learns the input guard's model (guards/injection-features.ts) from the development halves of
 * the public corpora and from our own corpus, and writes its weights into
 * packages/core/src/modules/runtime/guards/injection-model-weights.ts. The held-out halves are
 * never read here: the bench measures the model on them afterwards.
 *
 *   INJECTION_CORPORA_DIR=/work/data/injection node --import tsx bench/injection-corpora/train.ts
 *
 * Logistic regression on the mean of a window's hashed features, fitted by AdaGrad on three
 * quarters of the development items (picked by a second hash of each text); the flag threshold
 * is then chosen on the other quarter, so that at most FLAG_FP of its benign documents flag.
 * An attack longer than a window is one attack in one of its windows, not in all of them: only
 * its highest-scoring window is a positive example (a mail with one instruction in it is mostly
 * mail).
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  bestWindow,
  FEATURE_BITS,
  FEATURE_BUCKETS,
  forEachFeature,
  windowsOf,
} from '../../packages/core/src/modules/runtime/guards/injection-features.ts';
import { normalise } from '../../packages/core/src/modules/runtime/guards/normalise.ts';
import {
  ATTACKS,
  BENIGN,
} from '../../packages/core/src/modules/runtime/guards/testing/corpus/index.ts';
import { htmlToText } from '../../packages/core/src/net/html-text.ts';
import { loadCorpora } from './load.ts';

const EPOCHS = Number(process.env.TRAIN_EPOCHS ?? 12);
const RATE = 0.5;
const L2 = 1e-6;
/** Benign windows kept per document: a long page adds variety, not a thousand near-copies. */
const WINDOWS_PER_DOCUMENT = 12;
/**
 * Short passages cut from each benign document (its sentences): a mail's one line or a tool's
 * short answer is read alone too, and most attacks in the corpora are short.
 */
const SNIPPETS_PER_DOCUMENT = 6;
/** Benign development documents of the validation part the flag threshold may flag. */
const FLAG_FP = 0.005;
/** ... and the lower threshold: a text past it is suspicious (the classifier may be asked). */
const SUSPECT_FP = 0.03;

interface Example {
  text: string;
  attack: boolean;
  source: string;
}

const visibleText = (carrier: string, text: string) =>
  normalise(
    carrier === 'html' || /^\s*<(?:!doctype|html)/i.test(text) ? htmlToText(text).text : text,
  );

/** The fit / validation split, by a hash of the text apart from the one that fixed its half. */
const fitting = (text: string) =>
  (createHash('sha256').update(`fit:${text}`).digest()[0] ?? 0) % 4 !== 0;

const loaded = loadCorpora();
if (loaded.corpora.length === 0) throw new Error('INJECTION_CORPORA_DIR holds no corpus');
const examples: Example[] = [
  ...ATTACKS.map((a) => ({ text: visibleText(a.carrier, a.text), attack: true, source: 'ours' })),
  ...BENIGN.map((b) => ({ text: visibleText(b.carrier, b.text), attack: false, source: 'ours' })),
  ...loaded.corpora
    .filter((corpus) => corpus.source.training !== false)
    .flatMap((corpus) =>
      corpus.items
        .filter((item) => item.half === 'dev')
        .map((item) => ({
          text: visibleText(item.carrier, item.text),
          attack: corpus.source.kind === 'attack',
          source: corpus.source.name,
        })),
    ),
];
const fit = examples.filter((example) => fitting(example.text));
const validation = examples.filter((example) => !fitting(example.text));

/** One window as a sparse vector: buckets and their share of the window's features. */
interface Vector {
  buckets: Uint32Array;
  values: Float32Array;
}
function vectorOf(text: string): Vector {
  const counts = new Map<number, number>();
  let total = 0;
  forEachFeature(text, (_, bucket) => {
    counts.set(bucket, (counts.get(bucket) ?? 0) + 1);
    total += 1;
  });
  const buckets = new Uint32Array(counts.size);
  const values = new Float32Array(counts.size);
  let at = 0;
  for (const [bucket, count] of counts) {
    buckets[at] = bucket;
    values[at] = count / Math.max(1, total);
    at += 1;
  }
  return { buckets, values };
}

interface Sample {
  windows: Vector[];
  attack: boolean;
}
/** Sentences of 20 to 300 characters spread over the document, up to SNIPPETS_PER_DOCUMENT. */
function snippetsOf(text: string): string[] {
  const pieces = text
    .split(/(?<=[.!?。！？])\s+|\n/)
    .map((piece) => piece.trim())
    .filter((piece) => piece.length >= 20 && piece.length <= 300);
  const every = Math.max(1, Math.floor(pieces.length / SNIPPETS_PER_DOCUMENT));
  return pieces.filter((_, index) => index % every === 0).slice(0, SNIPPETS_PER_DOCUMENT);
}
const withSnippets = fit.flatMap((example) =>
  example.attack
    ? [example]
    : [example, ...snippetsOf(example.text).map((text) => ({ ...example, text }))],
);
const samples: Sample[] = withSnippets.map((example) => {
  let windows = windowsOf(example.text.length);
  if (!example.attack && windows.length > WINDOWS_PER_DOCUMENT) {
    const every = windows.length / WINDOWS_PER_DOCUMENT;
    windows = windows.filter((_, index) => index % Math.ceil(every) === 0);
  }
  return {
    windows: windows.map(([start, end]) => vectorOf(example.text.slice(start, end))),
    attack: example.attack,
  };
});

const weights = new Float32Array(FEATURE_BUCKETS);
const squares = new Float32Array(FEATURE_BUCKETS).fill(1e-8);
let bias = 0;
let biasSquare = 1e-8;
const logitOf = (vector: Vector) => {
  let sum = bias;
  for (let i = 0; i < vector.buckets.length; i += 1)
    sum += (weights[vector.buckets[i] ?? 0] ?? 0) * (vector.values[i] ?? 0);
  return sum;
};
const positives = samples.filter((s) => s.attack).reduce((n, s) => n + s.windows.length, 0);
const negatives = samples.filter((s) => !s.attack).reduce((n, s) => n + s.windows.length, 0);
/** Each class weighs as much as the other in the loss. */
const classWeight = { attack: (positives + negatives) / (2 * positives), benign: 1 };
classWeight.benign = (positives + negatives) / (2 * negatives);

function step(vector: Vector, attack: boolean) {
  const p = 1 / (1 + Math.exp(-logitOf(vector)));
  const gradient = (p - (attack ? 1 : 0)) * (attack ? classWeight.attack : classWeight.benign);
  for (let i = 0; i < vector.buckets.length; i += 1) {
    const bucket = vector.buckets[i] ?? 0;
    const g = gradient * (vector.values[i] ?? 0) + L2 * (weights[bucket] ?? 0);
    squares[bucket] = (squares[bucket] ?? 0) + g * g;
    weights[bucket] = (weights[bucket] ?? 0) - (RATE * g) / Math.sqrt(squares[bucket] ?? 1);
  }
  biasSquare += gradient * gradient;
  bias -= (RATE * gradient) / Math.sqrt(biasSquare);
}

/** A fixed shuffle, so that a run is repeatable. */
let seed = 42;
const random = () => {
  seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
  return seed / 2 ** 32;
};
for (let epoch = 0; epoch < EPOCHS; epoch += 1) {
  const order = samples.map((_, index) => index);
  for (let i = order.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j] ?? 0, order[i] ?? 0];
  }
  for (const index of order) {
    const sample = samples[index];
    if (!sample) continue;
    if (!sample.attack || sample.windows.length === 1) {
      for (const window of sample.windows) step(window, sample.attack);
      continue;
    }
    // The first epoch learns from whole attacks and benign text alone, so that the windows of
    // a long attack are then told apart by a model that has already seen both.
    if (epoch === 0) continue;
    const best = sample.windows.reduce((a, b) => (logitOf(b) > logitOf(a) ? b : a));
    step(best, true);
  }
}

// Quantised to one signed byte per bucket, as the runtime will read them.
const scale = weights.reduce((max, w) => Math.max(max, Math.abs(w)), 0) / 127;
const quantised = new Int8Array(FEATURE_BUCKETS);
for (let i = 0; i < FEATURE_BUCKETS; i += 1) quantised[i] = Math.round((weights[i] ?? 0) / scale);
const readBack = Float32Array.from(quantised, (q) => q * scale);

const scoreOf = (text: string) => bestWindow(text, readBack, bias).logit;
const benignScores = validation
  .filter((e) => !e.attack)
  .map((e) => scoreOf(e.text))
  .sort((a, b) => b - a);
const thresholdAt = (share: number) =>
  (benignScores[Math.floor(share * benignScores.length)] ?? 0) + 1e-6;
const flagAt = thresholdAt(FLAG_FP);
const suspectAt = Math.min(flagAt, thresholdAt(SUSPECT_FP));

const rate = (items: Example[], at: number) =>
  items.length ? (100 * items.filter((e) => scoreOf(e.text) >= at).length) / items.length : 0;
console.log(`fit ${fit.length} items, validation ${validation.length}; epochs ${EPOCHS}`);
console.log(`flag at logit ${flagAt.toFixed(3)}, suspect at ${suspectAt.toFixed(3)}`);
const kinds = new Set(validation.map((e) => `${e.source} ${e.attack ? 'attacks' : 'benign'}`));
for (const kind of kinds) {
  const items = validation.filter((e) => `${e.source} ${e.attack ? 'attacks' : 'benign'}` === kind);
  console.log(
    `  validation ${kind.padEnd(32)} ${items.length.toString().padStart(5)} items: ` +
      `flagged ${rate(items, flagAt).toFixed(1)} %, suspect or more ${rate(items, suspectAt).toFixed(1)} %`,
  );
}

const target = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../packages/core/src/modules/runtime/guards/injection-model-weights.ts',
);
const trainedOn = loaded.corpora
  .filter((c) => c.source.training !== false)
  .map((c) => c.source.name)
  .join(', ');
writeFileSync(
  target,
  `/**
 * The input guard's learned model (injection-features.ts reads a text into its buckets).
 * Written by bench/injection-corpora/train.ts from the development halves of ${trainedOn}
 * and our own corpus; do not edit by hand. One signed byte per bucket, times SCALE.
 */
export const MODEL = {
  bits: ${FEATURE_BITS},
  scale: ${scale},
  bias: ${bias},
  /** Logit from which a window reads as an injection: at most ${FLAG_FP * 100} % of benign validation documents reach it. */
  flagAt: ${flagAt},
  /** Logit from which it is suspicious (${SUSPECT_FP * 100} % of them). */
  suspectAt: ${suspectAt},
  weights:
    '${Buffer.from(quantised.buffer).toString('base64')}',
};
`,
);
console.log(`wrote ${target}`);
