import { describe, expect, it } from 'vitest';
import { hiddenHtmlText } from '../../../net/html-hidden.js';
import { ADDRESSED_RULES } from './addressed-patterns.js';
import { INJECTION_PATTERNS } from './injection-patterns.js';
import { scanForInjection } from './input-guard.js';
import { PHRASE_LISTS } from './phrases/index.js';
import { STRUCTURAL_RULES } from './structural-patterns.js';

/**
 * Every rule group on pathological input of 1 MB and 2 MB: the start of a match repeated with no
 * end (the shape that makes a backtracking expression try every start again). Time is the
 * process's CPU time, best of two, so other work on a shared machine counts less; doubling the
 * text must no more than about double the time.
 */
const MB = 1024 * 1024;

/** The first words a pattern looks for: `\b(?:ignore|disregard)` gives "ignore ". */
function seedOf(pattern: RegExp): string {
  const found = /\(\?:([^()|\\[\]{}?*+]{2,40})[|)]/u.exec(pattern.source);
  return `${found?.[1] ?? pattern.source.replace(/[^\p{L} ]/gu, '').slice(0, 20)} `;
}

const seedsFor = (patterns: RegExp[]) => [...new Set(patterns.map(seedOf))];

const GROUPS: Record<string, string[]> = {
  phrases: seedsFor([
    ...Object.values(INJECTION_PATTERNS).flat(),
    ...ADDRESSED_RULES.map((rule) => rule.pattern),
    ...PHRASE_LISTS.flatMap((list) => list.rules.map((rule) => rule.pattern)),
  ]).flatMap((seed) => [seed, `${seed}all of your previous `, `you ${seed}`]),
  structural: [
    ...seedsFor(STRUCTURAL_RULES.map((rule) => rule.pattern)),
    '<|im_start|',
    '[[system',
    '<system>',
    '%%% end ',
    '](https://x.example/?a=',
    '"name": "shell", ',
    '<tool_result> ',
    '### System ',
  ],
  html: [
    '<!-- note ',
    '<div hidden>',
    '<span style="display:none;color:white">',
    '<img alt="please ignore all ',
    '&#x41;&amp;',
  ],
  encodings: [
    'QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo',
    '69 67 6e 6f 72 65 ',
    '%69%67%6e',
    '\u{E0069}\u{E0067}',
    'h3ll0 1gn0r3 ',
    'i g n o r e ',
    'rot13 vtaber ',
    'erongi lla ',
    'іgnоrе аll ',
    'ö ',
    ') ] } ',
    '\u200b',
  ],
};

function pathological(seeds: string[], bytes: number): string {
  const block = Math.ceil(bytes / seeds.length);
  return seeds.map((seed) => seed.repeat(Math.ceil(block / Buffer.byteLength(seed)))).join('\n');
}

function cpuMs(run: () => void): number {
  let best = Number.POSITIVE_INFINITY;
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const started = process.cpuUsage();
    run();
    const used = process.cpuUsage(started);
    best = Math.min(best, (used.user + used.system) / 1000);
  }
  return best;
}

describe('the input guard on pathological input', () => {
  it.each(Object.keys(GROUPS))(
    'takes time linear in the size of the text: %s',
    (name) => {
      const seeds = GROUPS[name] ?? [];
      const scan = (text: string) => () => {
        scanForInjection(text, { hidden: hiddenHtmlText(text) });
      };
      const one = cpuMs(scan(pathological(seeds, MB)));
      const two = cpuMs(scan(pathological(seeds, 2 * MB)));
      // Generous for a shared 2-core machine: the corpus costs well under 1 ms per KB.
      expect(one, `1 MB of ${name} took ${Math.round(one)} ms`).toBeLessThan(8_000);
      expect(two / one, `1 MB ${Math.round(one)} ms, 2 MB ${Math.round(two)} ms`).toBeLessThan(2.5);
    },
    120_000,
  );
});
