import { fold } from '../normalise.js';
import type { GuardRule, InjectionSignal } from '../signals.js';

/** A language's phrases: the rules, and what a text must contain for them to run. */
export interface PhraseList {
  lang: string;
  /**
   * Skips the list for texts without a letter of its script, or for Latin-script languages
   * without one of its common or topic words: the guard runs on every tool output, and one
   * pass of the gate costs a tenth of the list's passes. A gate holds no word English writes
   * too ("do", "per", "instructions", "ignore", "password"), so English text runs no other
   * language's list.
   */
  gate?: RegExp;
  rules: GuardRule[];
}

/**
 * Compiles `[signal, weight, source]` rows. The sources are folded like the text they read (no
 * accents), so they can be written as the language is written, in lower case.
 */
export function phraseList(
  lang: string,
  rows: [InjectionSignal, number, string][],
  gate?: RegExp,
): PhraseList {
  return {
    lang,
    gate,
    rules: rows.map(([signal, weight, source]) => ({
      signal,
      weight,
      pattern: new RegExp(fold(source), 'u'),
    })),
  };
}
