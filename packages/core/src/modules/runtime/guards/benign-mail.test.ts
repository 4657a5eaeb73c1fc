import { describe, expect, it } from 'vitest';
import { modelVerdict } from './injection-model.js';
import { scanForInjection } from './input-guard.js';
import { normalise } from './normalise.js';
import { BENIGN_MAIL } from './testing/benign-mail.js';

const preview = (text: string) => JSON.stringify(text.slice(0, 60));

describe('everyday mail that uses the words of an injection', () => {
  it('is a set of short texts in four languages', () => {
    expect(BENIGN_MAIL.length).toBeGreaterThanOrEqual(40);
    expect(new Set(BENIGN_MAIL.map((mail) => mail.lang))).toEqual(
      new Set(['en', 'fr', 'de', 'es']),
    );
    for (const { text } of BENIGN_MAIL) {
      expect(text.length, preview(text)).toBeGreaterThanOrEqual(100);
      expect(text.length, preview(text)).toBeLessThanOrEqual(600);
    }
  });

  // Else the set no longer tests the guard's check on the model, only the model.
  it('still reads as attack style to the model alone, for a good part of it', () => {
    const flagged = BENIGN_MAIL.filter(
      ({ text }) => modelVerdict(normalise(text)).verdict === 'flag',
    );
    expect(flagged.length).toBeGreaterThanOrEqual(20);
  });

  it.each(BENIGN_MAIL.map((mail, at) => [at, preview(mail.text), mail.text] as const))(
    'passes mail %i, %s',
    (_, __, text) => {
      expect(scanForInjection(text)).toMatchObject({ verdict: 'pass', signals: [] });
    },
  );
});
