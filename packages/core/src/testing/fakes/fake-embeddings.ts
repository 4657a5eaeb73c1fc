import { createHash } from 'node:crypto';

/** How many dimensions the fake embedder's vectors have. */
export const FAKE_EMBEDDING_DIMS = 64;

/**
 * A deterministic stand-in for an embedding model: each lower-cased word adds 1 to the
 * dimension its hash picks, and the vector is normalised. Texts sharing words are close, texts
 * sharing none are orthogonal (or nearly, when two words land on one dimension), and the same
 * text always gives the same vector, so vector search can be tested for exact ranks.
 */
export function fakeEmbedding(text: string, dims = FAKE_EMBEDDING_DIMS): number[] {
  const vector = new Array<number>(dims).fill(0);
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    const index = createHash('sha256').update(word).digest().readUInt32BE(0) % dims;
    vector[index] = (vector[index] as number) + 1;
  }
  const norm = Math.hypot(...vector);
  return norm === 0 ? vector : vector.map((value) => value / norm);
}
