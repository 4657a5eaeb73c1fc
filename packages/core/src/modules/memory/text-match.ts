import { createHash } from 'node:crypto';

/** Case, spacing and trailing punctuation do not make a different fact. */
export function normalizeText(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[.!?;:,]+$/, '');
}

/** The exact-duplicate key of a text (first stage of dedup). */
export function contentHash(text: string): string {
  return createHash('sha256').update(normalizeText(text)).digest('hex');
}

/**
 * Trigrams as pg_trgm makes them: each word of letters and digits, lower-cased, padded with
 * two spaces in front and one behind. Used where the database has no pg_trgm and to compare
 * candidates already fetched.
 */
export function trigrams(text: string): Set<string> {
  const grams = new Set<string>();
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    const padded = `  ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) grams.add(padded.slice(i, i + 3));
  }
  return grams;
}

/** pg_trgm's similarity(): shared trigrams over all trigrams, 0 to 1. */
export function trigramSimilarity(a: string, b: string): number {
  return setSimilarity(trigrams(a), trigrams(b));
}

/** trigramSimilarity over trigram sets already made (comparing one text with many). */
export function setSimilarity(left: Set<string>, right: Set<string>): number {
  if (left.size === 0 || right.size === 0) return 0;
  let shared = 0;
  for (const gram of left) if (right.has(gram)) shared += 1;
  return shared / (left.size + right.size - shared);
}

/** Words for a full-text query: letters and digits only, so no query syntax gets through. */
export function queryWords(text: string, max = 32): string[] {
  const words = text.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? [];
  return [...new Set(words)].slice(0, max);
}

/** Entity names compare case- and spacing-insensitively; punctuation inside names is kept. */
export function normalizeName(name: string): string {
  return name.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}
