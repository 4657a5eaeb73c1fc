import { describe, expect, it } from 'vitest';
import {
  cronProblem,
  cronRuns,
  followingOccurrence,
  isValidZone,
  nextInterval,
  upcoming,
} from './occurrences.js';

const runs = (cron: string, zone: string, after: string, count = 3) =>
  cronRuns(cron, zone, new Date(after), count).map((date) => date.toISOString());

describe('cron occurrences in time zones', () => {
  it('runs a daily 02:30 once on a spring-forward day, at the first instant after the jump', () => {
    // Europe/Berlin, 29 March 2026: 02:00 CET jumps to 03:00 CEST; 02:30 does not exist.
    expect(runs('30 2 * * *', 'Europe/Berlin', '2026-03-28T12:00:00Z')).toEqual([
      '2026-03-29T01:00:00.000Z', // 03:00 CEST
      '2026-03-30T00:30:00.000Z', // 02:30 CEST
      '2026-03-31T00:30:00.000Z',
    ]);
    // America/New_York, 8 March 2026: 02:00 EST jumps to 03:00 EDT.
    expect(runs('30 2 * * *', 'America/New_York', '2026-03-07T12:00:00Z')).toEqual([
      '2026-03-08T07:00:00.000Z', // 03:00 EDT
      '2026-03-09T06:30:00.000Z', // 02:30 EDT
      '2026-03-10T06:30:00.000Z',
    ]);
  });

  it('runs a daily time that a fall-back shows twice only once, at its first showing', () => {
    // Europe/Berlin, 25 October 2026: 03:00 CEST falls back to 02:00 CET; 02:30 happens twice.
    expect(runs('30 2 * * *', 'Europe/Berlin', '2026-10-24T12:00:00Z')).toEqual([
      '2026-10-25T00:30:00.000Z', // 02:30 CEST
      '2026-10-26T01:30:00.000Z', // 02:30 CET
      '2026-10-27T01:30:00.000Z',
    ]);
    // America/New_York, 1 November 2026: 02:00 EDT falls back to 01:00 EST.
    expect(runs('30 1 * * *', 'America/New_York', '2026-10-31T12:00:00Z')).toEqual([
      '2026-11-01T05:30:00.000Z', // 01:30 EDT
      '2026-11-02T06:30:00.000Z', // 01:30 EST
      '2026-11-03T06:30:00.000Z',
    ]);
  });

  it('keeps the wall-clock time across a change (the UTC time moves by an hour)', () => {
    expect(runs('0 9 * * *', 'America/New_York', '2026-03-07T00:00:00Z')).toEqual([
      '2026-03-07T14:00:00.000Z', // 09:00 EST
      '2026-03-08T13:00:00.000Z', // 09:00 EDT
      '2026-03-09T13:00:00.000Z',
    ]);
    expect(runs('0 9 * * *', 'Europe/Berlin', '2026-10-24T00:00:00Z')).toEqual([
      '2026-10-24T07:00:00.000Z', // 09:00 CEST
      '2026-10-25T08:00:00.000Z', // 09:00 CET
      '2026-10-26T08:00:00.000Z',
    ]);
  });

  it('runs an hourly job at every hour the clock shows: 23 on spring-forward, 25 on fall-back', () => {
    expect(runs('0 * * * *', 'Europe/Berlin', '2026-03-28T23:30:00Z', 3)).toEqual([
      '2026-03-29T00:00:00.000Z', // 01:00 CET
      '2026-03-29T01:00:00.000Z', // 03:00 CEST (02:00 never shows)
      '2026-03-29T02:00:00.000Z', // 04:00 CEST
    ]);
    expect(runs('0 * * * *', 'Europe/Berlin', '2026-10-24T23:30:00Z', 3)).toEqual([
      '2026-10-25T00:00:00.000Z', // 02:00 CEST
      '2026-10-25T01:00:00.000Z', // 02:00 CET, shown again
      '2026-10-25T02:00:00.000Z', // 03:00 CET
    ]);
    const springDay = cronRuns('0 * * * *', 'Europe/Berlin', new Date('2026-03-28T22:59:59Z'), 30);
    expect(springDay.filter((d) => d < new Date('2026-03-29T22:00:00Z'))).toHaveLength(23);
    const autumnDay = cronRuns('0 * * * *', 'Europe/Berlin', new Date('2026-10-24T21:59:59Z'), 30);
    expect(autumnDay.filter((d) => d < new Date('2026-10-25T23:00:00Z'))).toHaveLength(25);
  });

  it('reads `0 9 * * 1-5` in Asia/Tokyo as weekday mornings there, whatever day it is in UTC', () => {
    // Friday 1 May 2026, 12:00 UTC is Friday 21:00 in Tokyo: the next run is Monday 09:00 JST.
    expect(runs('0 9 * * 1-5', 'Asia/Tokyo', '2026-05-01T12:00:00Z', 5)).toEqual([
      '2026-05-04T00:00:00.000Z',
      '2026-05-05T00:00:00.000Z',
      '2026-05-06T00:00:00.000Z',
      '2026-05-07T00:00:00.000Z',
      '2026-05-08T00:00:00.000Z',
    ]);
    // An hour earlier, 08:00 JST on Monday is still Sunday 23:00 in UTC.
    expect(runs('0 8 * * 1-5', 'Asia/Tokyo', '2026-05-01T12:00:00Z', 2)).toEqual([
      '2026-05-03T23:00:00.000Z',
      '2026-05-04T23:00:00.000Z',
    ]);
  });

  it('takes six fields with seconds first', () => {
    expect(runs('*/15 * * * * *', 'UTC', '2026-05-01T00:00:00Z')).toEqual([
      '2026-05-01T00:00:15.000Z',
      '2026-05-01T00:00:30.000Z',
      '2026-05-01T00:00:45.000Z',
    ]);
  });
});

describe('validation of expressions and zones', () => {
  it('says what is wrong with an expression', () => {
    expect(cronProblem('*/5 * * * *')).toBeNull();
    expect(cronProblem('0 9 * * MON-FRI', 'Asia/Tokyo')).toBeNull();
    expect(cronProblem('61 * * * *')).toMatch(/not a valid cron expression.*minute/);
    expect(cronProblem('every day')).toMatch(/not a valid cron expression/);
    expect(cronProblem('0 0 30 2 *')).toBe('never falls due');
    expect(cronProblem('  ')).toBe('must not be empty');
  });

  it('knows IANA zones and nothing else', () => {
    expect(isValidZone('Europe/Berlin')).toBe(true);
    expect(isValidZone('UTC')).toBe(true);
    expect(isValidZone('Mars/Olympus_Mons')).toBe(false);
    expect(isValidZone('')).toBe(false);
  });
});

describe('occurrences by kind', () => {
  const base = { cron: null, time_zone: 'UTC', run_at: null, interval_seconds: null };

  it('keeps monitor checks on their grid and checks once after a long gap', () => {
    const due = new Date('2026-05-01T10:00:00Z');
    expect(nextInterval(due, 60, new Date('2026-05-01T10:00:00.400Z')).toISOString()).toBe(
      '2026-05-01T10:01:00.000Z',
    );
    // Down for five and a half minutes: one check at the next slot, not five catch-up checks.
    expect(nextInterval(due, 60, new Date('2026-05-01T10:05:30Z')).toISOString()).toBe(
      '2026-05-01T10:06:00.000Z',
    );
  });

  it('runs a recurring job from now after a missed slot, and a one-off only once', () => {
    const recurring = { ...base, kind: 'recurring' as const, cron: '0 * * * *' };
    const now = new Date('2026-05-01T13:20:00Z');
    // The 10:00 occurrence ran late at 13:20: the next is 14:00, not 11:00, 12:00 and 13:00.
    expect(followingOccurrence(recurring, new Date('2026-05-01T10:00:00Z'), now)).toEqual(
      new Date('2026-05-01T14:00:00Z'),
    );
    const once = { ...base, kind: 'once' as const, run_at: new Date('2026-05-01T10:00:00Z') };
    expect(followingOccurrence(once, null, now)).toEqual(once.run_at);
    expect(followingOccurrence(once, once.run_at, now)).toBeNull();
  });

  it('lists the upcoming occurrences from the queued one', () => {
    const monitor = { ...base, kind: 'monitor' as const, interval_seconds: 30 };
    const next = new Date('2026-05-01T10:00:00Z');
    expect(upcoming(monitor, next, 3, next).map((d) => d.toISOString())).toEqual([
      '2026-05-01T10:00:00.000Z',
      '2026-05-01T10:00:30.000Z',
      '2026-05-01T10:01:00.000Z',
    ]);
    const recurring = { ...base, kind: 'recurring' as const, cron: '0 9 * * *' };
    expect(upcoming(recurring, null, 5, next)).toEqual([]);
    expect(upcoming(recurring, new Date('2026-05-02T09:00:00Z'), 2, next)).toEqual([
      new Date('2026-05-02T09:00:00Z'),
      new Date('2026-05-03T09:00:00Z'),
    ]);
  });
});
