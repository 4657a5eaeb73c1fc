import { createHash } from 'node:crypto';

/**
 * Words for matching: NFKC, lower case, split on anything that is not a letter or digit, and
 * a crude plural strip ("emails" finds "email"), so keywords need no exact inflection.
 */
export function words(text: string, { stemmed = true } = {}): string[] {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[’‘`]/g, "'")
    .replace(/n't\b/g, ' not')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0)
    .map((word) => (stemmed ? stem(word) : word));
}

function stem(word: string): string {
  return word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;
}

/** Whether any keyword (one word or a phrase) occurs in the text as whole words. */
export function containsKeyword(text: string, keywords: string[]): boolean {
  const haystack = ` ${words(text).join(' ')} `;
  return keywords.some((keyword) => {
    const needle = words(keyword).join(' ');
    return needle.length > 0 && haystack.includes(` ${needle} `);
  });
}

/** One key for texts that say the same thing: words only, so case and punctuation do not count. */
export function fingerprint(text: string): string {
  return createHash('sha256').update(words(text).join(' ')).digest('hex');
}
