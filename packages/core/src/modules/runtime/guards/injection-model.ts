/**
 * The guard's learned model: a linear model over hashed n-grams (injection-features.ts), fitted
 * to the development halves of public injection corpora (bench/injection-corpora/train.ts).
 * It catches what no rule lists: role-play set-ups, game-specific attacks, jailbreak styles in
 * their own words. Its text's most suspicious window is reported, so the operator sees where.
 */
import { bestWindow } from './injection-features.js';
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
