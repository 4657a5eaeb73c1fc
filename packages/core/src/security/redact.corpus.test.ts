import { describe, expect, it } from 'vitest';
import { REDACTED, redactText } from './redact.js';
import { LOOKALIKES, SECRETS } from './testdata/secrets.corpus.js';

describe('redaction corpus', () => {
  it('holds at least 80 secret formats and 40 look-alikes', () => {
    expect(new Set(SECRETS.map((sample) => sample.name)).size).toBeGreaterThanOrEqual(80);
    expect(LOOKALIKES.length).toBeGreaterThanOrEqual(40);
  });

  it.each(SECRETS.map((sample) => [sample.name, sample] as const))(
    'hides a %s',
    (_name, sample) => {
      const out = redactText(sample.text);
      expect(out).toContain(REDACTED);
      // Not even a long piece of it survives (a widened or partial match would leave one).
      for (let at = 0; at + 12 <= sample.secret.length; at += 6)
        expect(out).not.toContain(sample.secret.slice(at, at + 12));
      expect(out).not.toContain(sample.secret);
    },
  );

  it('hides every one inside a long text too (short and long texts take different paths)', () => {
    const prose = 'The deploy went out on Tuesday and the graphs look calm again. '.repeat(50);
    for (const sample of SECRETS) {
      const out = redactText(`${prose}\n${sample.text}\n${prose}`);
      expect(out, sample.name).not.toContain(sample.secret);
    }
  });

  it.each(LOOKALIKES)('leaves alone: %s', (text) => {
    expect(redactText(text)).toBe(text);
  });
});
