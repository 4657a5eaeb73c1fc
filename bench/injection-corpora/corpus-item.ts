import { createHash } from 'node:crypto';

/** One text of a public corpus, as `build.ts` writes it (one JSON object a line). */
export interface CorpusItem {
  text: string;
  /** ISO 639-1 where the corpus says or the source is one language; `und` for mixed sets. */
  lang: string;
  /** How the text would reach the runtime: a web page, a mail, a tool's result, plain text. */
  carrier: string;
  /** Where in the source it came from (a path, a category, a sample id). */
  origin: string;
}

export type Half = 'dev' | 'held-out';

/**
 * Which half an item belongs to, fixed by the SHA-256 of its text (case and spacing folded):
 * an even first byte is the development half, used to improve the guard; odd is held out, never
 * read and never tuned against. Nobody chooses an item's half.
 */
export function halfOf(text: string): Half {
  const folded = text.normalize('NFKC').replace(/\s+/g, ' ').trim().toLowerCase();
  const first = createHash('sha256').update(folded).digest()[0] ?? 0;
  return first % 2 === 0 ? 'dev' : 'held-out';
}
