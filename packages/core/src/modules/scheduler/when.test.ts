import { describe, expect, it } from 'vitest';
import { parseWhen } from './when.js';

// Saturday 28 March 2026, 10:00 UTC = 11:00 in Berlin; Berlin springs forward that night.
const now = new Date('2026-03-28T10:00:00Z');
const when = (text: string, zone = 'Europe/Berlin') => parseWhen(text, zone, now)?.toISOString();

describe('reading when a reminder is for', () => {
  it('reads spans from now', () => {
    expect(when('in 10m')).toBe('2026-03-28T10:10:00.000Z');
    expect(when('in 2h')).toBe('2026-03-28T12:00:00.000Z');
    expect(when('In 2 hours')).toBe('2026-03-28T12:00:00.000Z');
    expect(when('in 1h 30m')).toBe('2026-03-28T11:30:00.000Z');
    expect(when('in 1 hour and 15 minutes')).toBe('2026-03-28T11:15:00.000Z');
    expect(when('in 45 seconds')).toBe('2026-03-28T10:00:45.000Z');
    expect(when('in 1 day')).toBe('2026-03-29T10:00:00.000Z');
  });

  it('reads a day and a wall-clock time in the zone, across a daylight-saving change', () => {
    // Tomorrow is the spring-forward day: 09:00 there is CEST (UTC+2), today is CET (UTC+1).
    expect(when('tomorrow 9:00')).toBe('2026-03-29T07:00:00.000Z');
    expect(when('tomorrow at 9am')).toBe('2026-03-29T07:00:00.000Z');
    expect(when('today at 5pm')).toBe('2026-03-28T16:00:00.000Z');
    expect(when('tomorrow 9:00', 'Asia/Tokyo')).toBe('2026-03-29T00:00:00.000Z');
  });

  it('takes a time alone as the next time the clock shows it', () => {
    expect(when('17:30')).toBe('2026-03-28T16:30:00.000Z');
    expect(when('08:15')).toBe('2026-03-29T06:15:00.000Z'); // already past today
  });

  it('reads ISO 8601, in the zone when it has no offset', () => {
    expect(when('2026-04-01T09:00')).toBe('2026-04-01T07:00:00.000Z');
    expect(when('2026-04-01T09:00:00Z')).toBe('2026-04-01T09:00:00.000Z');
    expect(when('2026-04-01T09:00:00+09:00')).toBe('2026-04-01T00:00:00.000Z');
  });

  it('refuses what is not a time', () => {
    for (const text of [
      'soon',
      'in a while',
      'in 10 parsecs',
      'tomorrow',
      '5',
      '25:00',
      'in 10m please',
    ])
      expect(when(text), text).toBeUndefined();
  });
});
