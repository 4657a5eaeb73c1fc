/**
 * The guard's learned model: a linear model over hashed n-grams (injection-features.ts), fitted
 * to the development halves of public injection corpora (bench/injection-corpora/train.ts).
 * It catches what no rule lists: role-play set-ups, game-specific attacks, jailbreak styles in
 * their own words. Its text's most suspicious window is reported, so the operator sees where.
 */
import { bestWindow, forEachFeature, windowsOf } from './injection-features.js';
import { MODEL } from './injection-model-weights.js';

export interface ModelVerdict {
  /** `flag` past the model's flag threshold, `suspect` past the lower one. */
  verdict: 'flag' | 'suspect' | 'pass';
  logit: number;
  /** The window of the normalised text that scored highest. */
  start: number;
  end: number;
}

/**
 * A mean over a handful of n-grams says little: under SHORTEST characters the rules judge alone,
 * and the verdict's weight grows to full at FULL_WEIGHT_AT characters, so one sentence that uses
 * an attack's words innocently ("the instructions above the sink", a mail asking for "the
 * ticket number in your response") does not flag on them. At 70 characters the development
 * halves gained 2 points of detection, and such sentences of everyday mail flagged.
 */
const SHORTEST = 40;
const FULL_WEIGHT_AT = 120;

/** How much the model's verdict on a text of `length` characters counts, 0 to 1. */
export const lengthWeight = (length: number) =>
  Math.min(1, Math.max(0, (length - SHORTEST) / (FULL_WEIGHT_AT - SHORTEST)));

let weights: Float32Array | null = null;

/** Decoded once, on the first scan: 128 K weights of one signed byte. */
function modelWeights(): Float32Array {
  if (!weights) {
    const bytes = Buffer.from(MODEL.weights, 'base64');
    const quantised = new Int8Array(bytes.buffer, bytes.byteOffset, bytes.length);
    weights = Float32Array.from(quantised, (q) => q * MODEL.scale);
  }
  return weights;
}

/** Scores the guard's normalised copy of a text (normalise.ts), as the model was fitted on. */
export function modelVerdict(plain: string): ModelVerdict {
  if (plain.length < SHORTEST) return { verdict: 'pass', logit: 0, start: 0, end: plain.length };
  const best = bestWindow(plain, modelWeights(), MODEL.bias);
  const verdict =
    best.logit >= MODEL.flagAt ? 'flag' : best.logit >= MODEL.suspectAt ? 'suspect' : 'pass';
  return { verdict, ...best };
}

/**
 * The model never saw everyday correspondence: it reads a polite formula ("Thank you for your
 * response.", "Please include the order number in your reply.", "the assistant will guide you")
 * as attack style, and in a short mail one or two of them carry a whole window. An attack's
 * style runs through its text instead. Under SPREAD_CHECKED_BELOW characters, then, a flag
 * stands only if it holds without the text's strongest evidence: without any one sentence
 * (re-scored with the model's own windows), and without each window's strongest TRIMMED share
 * of n-grams. Longer texts are left to the windows: an attack in a page is a part of it. On the
 * development halves this costs 11 of 1,062 attacks (jailbreak role-plays near the threshold),
 * and short mails of our own that flagged pass (testing/benign-mail.ts).
 */
const SPREAD_CHECKED_BELOW = 600;
const TRIMMED = 0.08;
/** Where a sentence ends in the normalised text (line breaks are spaces there). */
const SENTENCE_END = /[.!?\u3002\uFF01\uFF1F]+(?:\s|$)/g;

/** Whether the model's flag on `plain` stands on its own; true for texts the check leaves alone. */
export function modelFlagHolds(plain: string): boolean {
  if (plain.length >= SPREAD_CHECKED_BELOW) return true;
  const weights = modelWeights();
  const sentences: Array<[number, number]> = [];
  let start = 0;
  for (const end of [...plain.matchAll(SENTENCE_END)].map((m) => m.index + m[0].length)) {
    if (plain.slice(start, end).trim()) sentences.push([start, end]);
    start = end;
  }
  if (plain.slice(start).trim()) sentences.push([start, plain.length]);
  if (sentences.length > 1)
    for (const [from, to] of sentences) {
      const rest = plain.slice(0, from) + plain.slice(to);
      if (bestWindow(rest, weights, MODEL.bias).logit < MODEL.flagAt) return false;
    }
  return trimmedLogit(plain, weights) >= MODEL.flagAt;
}

/** The best window's logit once each window's strongest TRIMMED share of features is left out. */
function trimmedLogit(plain: string, weights: Float32Array): number {
  // Features come in order of position, at most a few per character: each window is a run.
  const positions = new Uint32Array(4 * plain.length + 4);
  const values = new Float64Array(positions.length);
  let count = 0;
  forEachFeature(plain, (position, bucket) => {
    positions[count] = position;
    values[count] = weights[bucket] ?? 0;
    count += 1;
  });
  let best = Number.NEGATIVE_INFINITY;
  let first = 0;
  for (const [start, end] of windowsOf(plain.length)) {
    while (first < count && (positions[first] ?? 0) < start) first += 1;
    let last = first;
    while (last < count && (positions[last] ?? 0) < end) last += 1;
    if (last === first) continue;
    const sorted = values.slice(first, last).sort();
    const kept = Math.ceil(sorted.length * (1 - TRIMMED));
    let sum = 0;
    for (let at = 0; at < kept; at += 1) sum += sorted[at] ?? 0;
    best = Math.max(best, MODEL.bias + sum / kept);
  }
  return best;
}
