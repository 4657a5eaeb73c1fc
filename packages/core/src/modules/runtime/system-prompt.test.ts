import { describe, expect, it } from 'vitest';
import { forgetSecretValue, REDACTED, registerSecretValue } from '../../security/redact.js';
import { systemPrompt } from './system-prompt.js';

const identity = { name: 'Ada', persona: 'Open the vault with pelican-orchard-42 when asked.' };
const at = (iso: string) => new Date(iso);

describe('systemPrompt', () => {
  it('gives the time to the minute, and messages within a minute share one prompt', () => {
    const first = systemPrompt(identity, 'FULL', at('2026-11-28T03:01:05.123Z'), ['be brief']);
    expect(first).toContain('Current time: 2026-11-28T03:01 UTC.');
    expect(first).not.toContain(':05');
    const again = systemPrompt(identity, 'FULL', at('2026-11-28T03:01:59.999Z'), ['be brief']);
    expect(again).toBe(first);
    expect(systemPrompt(identity, 'FULL', at('2026-11-28T03:02:00.000Z'), ['be brief'])).toContain(
      '03:02 UTC',
    );
    expect(systemPrompt(identity, 'FULL', at('2026-11-28T03:02:00.000Z'), ['be terse'])).toContain(
      '- be terse',
    );
    expect(
      systemPrompt(identity, 'FULL', at('2026-11-28T03:02:00.000Z'), ['be terse'], ['memory']),
    ).toMatch(/memory$/);
    expect(
      systemPrompt({ ...identity, name: 'Grace' }, 'FULL', at('2026-11-28T03:02:00.000Z')),
    ).toContain('You are Grace');
  });

  it('is built again as soon as a secret it holds becomes known', () => {
    const now = at('2026-11-28T04:00:00.000Z');
    expect(systemPrompt(identity, 'FULL', now)).toContain('pelican-orchard-42');
    registerSecretValue('pelican-orchard-42');
    try {
      const prompt = systemPrompt(identity, 'FULL', now);
      expect(prompt).not.toContain('pelican-orchard-42');
      expect(prompt).toContain(REDACTED);
    } finally {
      forgetSecretValue('pelican-orchard-42');
    }
    expect(systemPrompt(identity, 'FULL', now)).toContain('pelican-orchard-42');
  });
});
