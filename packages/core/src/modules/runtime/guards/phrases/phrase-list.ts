import { fold } from '../normalise.js';
import type { GuardRule, InjectionSignal } from '../signals.js';

/** A language's phrases: the rules, and the script its text must contain for them to run. */
export interface PhraseList {
  lang: string;
  /** Skips the list for texts without a letter of this script (most texts are Latin only). */
  script?: RegExp;
  rules: GuardRule[];
}

/**
 * Compiles `[signal, weight, source]` rows. The sources are folded like the text they read (no
 * accents), so they can be written as the language is written, in lower case.
 */
export function phraseList(
  lang: string,
  rows: [InjectionSignal, number, string][],
  script?: RegExp,
): PhraseList {
  return {
    lang,
    script,
    rules: rows.map(([signal, weight, source]) => ({
      signal,
      weight,
      pattern: new RegExp(fold(source), 'u'),
    })),
  };
}
