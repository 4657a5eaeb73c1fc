import { describe, expect, it } from 'vitest';
import { redactText } from '../../security/redact.js';
import { CredentialScrubber } from './credential-scrubber.js';
import { UpstreamError } from './integration-errors.js';

const KEY = 'k3y:with/slash+plus@at';

describe('CredentialScrubber', () => {
  it('hides a credential in every form it takes on the wire, in any case of its escapes', () => {
    const scrubber = new CredentialScrubber([KEY]);
    const uri = encodeURIComponent(KEY);
    for (const form of [
      KEY,
      uri,
      new URLSearchParams({ v: KEY }).toString().slice(2),
      JSON.stringify(KEY).slice(1, -1),
      KEY.replaceAll('/', '\\/'),
      encodeURIComponent(uri),
      uri.toLowerCase(),
    ])
      expect(scrubber.text(`GET /v1?appid=${form}&q=1 failed`)).toBe(
        'GET /v1?appid=[REDACTED]&q=1 failed',
      );
  });

  it('hides the token of a header value alone, and what is added for the call', () => {
    const scrubber = new CredentialScrubber(['Bearer tok-0a1b2c3d4e']);
    scrubber.add('access-9f8e7d6c');
    expect(scrubber.text('sent tok-0a1b2c3d4e and access-9f8e7d6c')).toBe(
      'sent [REDACTED] and [REDACTED]',
    );
    // Sinks that redact on their own know them too.
    expect(redactText('later: access-9f8e7d6c')).toBe('later: [REDACTED]');
  });

  it('leaves values too short to be secrets alone', () => {
    const scrubber = new CredentialScrubber(['abc', 'en']);
    expect(scrubber.text('abc in en')).toBe('abc in en');
  });

  it('hides the part of a credential left at the edge where a text was cut', () => {
    const scrubber = new CredentialScrubber(['0123456789abcdef']);
    expect(scrubber.text('answer: {"key":"0123456789ab', 'end')).toBe('answer: {"key":"[REDACTED]');
    expect(scrubber.text('6789abcdef was refused', 'start')).toBe('[REDACTED] was refused');
    expect(scrubber.text('answer: 012', 'end')).toBe('answer: 012');
    expect(scrubber.text('answer: 0123456789ab')).toBe('answer: 0123456789ab');
  });

  it('scrubs an error in place: message, stack, extra fields and causes', () => {
    const scrubber = new CredentialScrubber([KEY]);
    const cause = new Error(`connect to /bot${encodeURIComponent(KEY)} refused`);
    const error = new UpstreamError('network', null, `vendor: /bot${KEY} failed`);
    Object.assign(error, { cause });
    Object.assign(error.extra, { url: `/bot${KEY}` });
    expect(scrubber.error(error)).toBe(error);
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error.message).toBe('vendor: /bot[REDACTED] failed');
    expect(error.stack).not.toContain(KEY);
    expect(error.extra).toEqual({ status: null, kind: 'network', url: '/bot[REDACTED]' });
    expect(cause.message).toBe('connect to /bot[REDACTED] refused');
  });

  it('rewrites a message its prototype defines (an abort reason)', () => {
    const scrubber = new CredentialScrubber([KEY]);
    const reason = new DOMException(`aborted at ?appid=${KEY}`, 'AbortError');
    expect(scrubber.error(reason).message).toBe('aborted at ?appid=[REDACTED]');
    expect(scrubber.error('not an error')).toBe('not an error');
  });

  it('scrubs every string of a parsed answer and hides secret-named fields', () => {
    const scrubber = new CredentialScrubber([KEY]);
    expect(
      scrubber.value({ echo: [{ url: `/v1?k=${encodeURIComponent(KEY)}` }], api_key: 'x' }),
    ).toEqual({ echo: [{ url: '/v1?k=[REDACTED]' }], api_key: '[REDACTED]' });
  });
});
