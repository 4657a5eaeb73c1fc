import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type CorpusItem, type Half, halfOf } from './corpus-item.ts';
import { CORPUS_SOURCES, type CorpusSource } from './sources.ts';

export interface LoadedCorpus {
  source: CorpusSource;
  items: (CorpusItem & { half: Half })[];
}

export interface LoadedCorpora {
  dir: string | null;
  corpora: LoadedCorpus[];
  /** Corpora the folder lacks, each with why; the bench prints them. */
  skipped: { name: string; reason: string }[];
}

/** Reads the corpora that `build.ts` wrote into INJECTION_CORPORA_DIR, each item with its half. */
export function loadCorpora(dir = process.env.INJECTION_CORPORA_DIR ?? null): LoadedCorpora {
  if (!dir)
    return {
      dir,
      corpora: [],
      skipped: CORPUS_SOURCES.map((source) => ({
        name: source.name,
        reason: 'INJECTION_CORPORA_DIR is not set',
      })),
    };
  const corpora: LoadedCorpus[] = [];
  const skipped: LoadedCorpora['skipped'] = [];
  for (const source of CORPUS_SOURCES) {
    const file = path.join(dir, `${source.name}.jsonl`);
    if (!existsSync(file)) {
      skipped.push({ name: source.name, reason: `${file} is missing` });
      continue;
    }
    const items = readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => line.trim())
      .map((line) => JSON.parse(line) as CorpusItem)
      .map((item) => ({ ...item, half: halfOf(item.text) }));
    corpora.push({ source, items });
  }
  return { dir, corpora, skipped };
}
