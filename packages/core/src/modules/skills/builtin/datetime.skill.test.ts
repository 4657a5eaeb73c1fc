import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { testSkillContext } from '../../../testing/skill-context.js';
import { SkillError } from '../skill.js';
import { createDatetimeSkill, describeNow, resolveZone } from './datetime.skill.js';

const context = testSkillContext();

function skillAt(iso: string, defaultZone = 'UTC') {
  const skill = createDatetimeSkill({ now: () => new Date(iso), defaultZone });
  return (input: unknown) => skill.execute(skill.inputSchema.parse(input), context);
}

describe('datetime_skill now', () => {
  it('words the time in the asked zone and gives ISO values as data', async () => {
    const output = await skillAt('2026-11-22T05:05:00Z')({
      action: 'now',
      time_zone: 'Asia/Tokyo',
    });
    expect(output.text).toBe('Sunday, 22 November 2026, 14:05 (Asia/Tokyo, UTC+09:00)');
    expect(output.data).toEqual({
      time_zone: 'Asia/Tokyo',
      local: '2026-11-22T14:05:00+09:00',
      utc: '2026-11-22T05:05:00.000Z',
      utc_offset: '+09:00',
      weekday: 'Sunday',
    });
  });

  it('uses the default zone when none is named and accepts city names', async () => {
    const at = skillAt('2026-11-22T05:05:00Z', 'Europe/London');
    expect((await at({ action: 'now' })).text).toBe(
      'Sunday, 22 November 2026, 05:05 (Europe/London, UTC+00:00)',
    );
    expect((await at({ action: 'now', time_zone: 'mumbai' })).text).toBe(
      'Sunday, 22 November 2026, 10:35 (Asia/Kolkata, UTC+05:30)',
    );
  });

  it.each([
    ['2026-03-29T00:59:00Z', 'Sunday, 29 March 2026, 01:59 (Europe/Berlin, UTC+01:00)'],
    ['2026-03-29T01:00:00Z', 'Sunday, 29 March 2026, 03:00 (Europe/Berlin, UTC+02:00)'],
  ])('follows Berlin into summer time: %s', async (now, text) => {
    expect((await skillAt(now)({ action: 'now', time_zone: 'Europe/Berlin' })).text).toBe(text);
  });

  it.each([
    ['2026-11-01T05:59:00Z', 'Sunday, 1 November 2026, 01:59 (America/New_York, UTC-04:00)'],
    ['2026-11-01T06:00:00Z', 'Sunday, 1 November 2026, 01:00 (America/New_York, UTC-05:00)'],
  ])('follows New York out of summer time: %s', async (now, text) => {
    expect((await skillAt(now)({ action: 'now', time_zone: 'EST' })).text).toBe(text);
  });

  it('refuses an unknown zone', async () => {
    const failure = skillAt('2026-01-01T00:00:00Z')({ action: 'now', time_zone: 'Mars/Olympus' });
    await expect(failure).rejects.toBeInstanceOf(SkillError);
    await expect(failure).rejects.toThrow('Unknown time zone: Mars/Olympus');
  });
});

describe('datetime_skill convert', () => {
  const at = skillAt('2026-06-01T12:00:00Z');

  it('reads a time without offset in from_zone', async () => {
    const output = await at({
      action: 'convert',
      datetime: '2026-11-01T12:00',
      from_zone: 'New York',
      to_zone: 'Tokyo',
    });
    expect(output.data).toMatchObject({
      from: { local: '2026-11-01T12:00:00-05:00' },
      to: { local: '2026-11-02T02:00:00+09:00', utc: '2026-11-01T17:00:00.000Z' },
    });
    expect(output.text).toBe(
      'Sunday, 1 November 2026, 12:00 (America/New_York, UTC-05:00) is ' +
        'Monday, 2 November 2026, 02:00 (Asia/Tokyo, UTC+09:00)',
    );
  });

  it('trusts an explicit offset over from_zone and defaults to now', async () => {
    const explicit = await at({
      action: 'convert',
      datetime: '2026-06-01T09:00:00+02:00',
      from_zone: 'Asia/Tokyo',
      to_zone: 'UTC',
    });
    expect(explicit.data).toMatchObject({ to: { local: '2026-06-01T07:00:00+00:00' } });
    const current = await at({ action: 'convert', to_zone: 'Australia/Sydney' });
    expect(current.data).toMatchObject({ to: { local: '2026-06-01T22:00:00+10:00' } });
  });

  it('refuses a malformed date-time', async () => {
    const failure = at({ action: 'convert', datetime: '2026-02-30T10:00', to_zone: 'UTC' });
    await expect(failure).rejects.toThrow('Invalid date-time: 2026-02-30T10:00');
  });
});

describe('datetime_skill add', () => {
  const at = skillAt('2026-03-28T11:00:00Z', 'Europe/Berlin');
  const local = async (input: Record<string, unknown>) =>
    ((await at({ action: 'add', ...input })).data as { result: { local: string } }).result.local;

  it('keeps the wall-clock time when adding days across the spring change', async () => {
    expect(await local({ datetime: '2026-03-28T12:00', amount: 1, unit: 'days' })).toBe(
      '2026-03-29T12:00:00+02:00',
    );
    expect(await local({ amount: 1, unit: 'weeks' })).toBe('2026-04-04T12:00:00+02:00');
  });

  it('adds elapsed time for hours and minutes', async () => {
    expect(await local({ datetime: '2026-03-28T12:00', amount: 24, unit: 'hours' })).toBe(
      '2026-03-29T13:00:00+02:00',
    );
    expect(await local({ datetime: '2026-03-29T01:30', amount: 60, unit: 'minutes' })).toBe(
      '2026-03-29T03:30:00+02:00',
    );
    expect(await local({ datetime: '2026-03-29T12:00', amount: -2, unit: 'days' })).toBe(
      '2026-03-27T12:00:00+01:00',
    );
  });

  it('moves a wall time skipped by the change forward, and picks the first of a repeated one', async () => {
    expect(await local({ datetime: '2026-03-29T02:30', amount: 0, unit: 'minutes' })).toBe(
      '2026-03-29T03:30:00+02:00',
    );
    const newYork = await at({
      action: 'add',
      datetime: '2026-11-01T01:30',
      time_zone: 'America/New_York',
      amount: 1,
      unit: 'hours',
    });
    expect(newYork.data).toMatchObject({
      start: { local: '2026-11-01T01:30:00-04:00' },
      result: { local: '2026-11-01T01:30:00-05:00' },
    });
    expect(newYork.text).toContain('plus 1 hour is');
  });
});

describe('datetime_skill diff', () => {
  it('counts 25 hours across the autumn change in New York', async () => {
    const output = await skillAt('2026-06-01T00:00:00Z')({
      action: 'diff',
      datetime: '2026-11-01T00:00',
      other: '2026-11-02T00:00',
      time_zone: 'America/New_York',
    });
    expect(output.data).toMatchObject({ hours: 25, minutes: 1500, milliseconds: 90_000_000 });
    expect(output.text).toBe(
      'Monday, 2 November 2026, 00:00 (America/New_York, UTC-05:00) is 1 day and 1 hour after ' +
        'Sunday, 1 November 2026, 00:00 (America/New_York, UTC-04:00) (25 hours in total)',
    );
  });

  it('measures to now by default and says when the moment is in the past', async () => {
    const output = await skillAt('2026-01-01T00:00:00Z')({
      action: 'diff',
      datetime: '2026-01-01T02:05:00Z',
    });
    expect(output.text).toContain('is 2 hours and 5 minutes before');
    expect(output.data).toMatchObject({ minutes: -125 });
  });
});

describe('datetime_skill input schema', () => {
  const skill = createDatetimeSkill();

  it.each([
    { action: 'convert', datetime: '2026-01-01' },
    { action: 'add', unit: 'days' },
    { action: 'add', amount: 1.5, unit: 'days' },
    { action: 'add', amount: 1, unit: 'months' },
    { action: 'diff' },
    { action: 'sleep' },
  ])('rejects %j', (input) => {
    expect(skill.inputSchema.safeParse(input).success).toBe(false);
  });

  it('allows fractional hours', () => {
    expect(skill.inputSchema.safeParse({ action: 'add', amount: 1.5, unit: 'hours' }).success).toBe(
      true,
    );
  });

  it('shows the model one flat object, as tool providers require', () => {
    const schema = z.toJSONSchema(skill.inputSchema, { io: 'input' }) as {
      type: string;
      properties: Record<string, { description?: string }>;
    };
    expect(schema.type).toBe('object');
    expect(Object.keys(schema.properties)).toEqual([
      'action',
      'time_zone',
      'from_zone',
      'to_zone',
      'datetime',
      'amount',
      'unit',
      'other',
    ]);
    for (const property of Object.values(schema.properties))
      expect(property.description).toBeTruthy();
  });
});

describe('resolveZone', () => {
  it.each([
    ['Tokyo', 'Asia/Tokyo'],
    ['london', 'Europe/London'],
    ['New York', 'America/New_York'],
    ['new   york', 'America/New_York'],
    ['NYC', 'America/New_York'],
    ['Paris', 'Europe/Paris'],
    ['Berlin', 'Europe/Berlin'],
    ['Sydney', 'Australia/Sydney'],
    ['UTC', 'UTC'],
    ['GMT', 'UTC'],
    ['PST', 'America/Los_Angeles'],
    ['PDT', 'America/Los_Angeles'],
    ['EST', 'America/New_York'],
    ['CET', 'Europe/Paris'],
    ['IST', 'Asia/Kolkata'],
    ['San Francisco', 'America/Los_Angeles'],
    ['Los Angeles', 'America/Los_Angeles'],
    ['Chicago', 'America/Chicago'],
    ['Toronto', 'America/Toronto'],
    ['Mexico City', 'America/Mexico_City'],
    ['São Paulo', 'America/Sao_Paulo'],
    ['Buenos Aires', 'America/Argentina/Buenos_Aires'],
    ['Madrid', 'Europe/Madrid'],
    ['Rome', 'Europe/Rome'],
    ['Amsterdam', 'Europe/Amsterdam'],
    ['Moscow', 'Europe/Moscow'],
    ['Istanbul', 'Europe/Istanbul'],
    ['Kyiv', 'Europe/Kyiv'],
    ['Cairo', 'Africa/Cairo'],
    ['Johannesburg', 'Africa/Johannesburg'],
    ['Lagos', 'Africa/Lagos'],
    ['Dubai', 'Asia/Dubai'],
    ['Delhi', 'Asia/Kolkata'],
    ['Singapore', 'Asia/Singapore'],
    ['Hong Kong', 'Asia/Hong_Kong'],
    ['Beijing', 'Asia/Shanghai'],
    ['Seoul', 'Asia/Seoul'],
    ['Bangkok', 'Asia/Bangkok'],
    ['Jakarta', 'Asia/Jakarta'],
    ['Auckland', 'Pacific/Auckland'],
    ['Honolulu', 'Pacific/Honolulu'],
    ['Lisbon', 'Europe/Lisbon'],
    ['Tokyo time', 'Asia/Tokyo'],
    ['the UTC', 'UTC'],
    ['asia/tokyo', 'Asia/Tokyo'],
    ['america/new york', 'America/New_York'],
    ['EUROPE/BERLIN', 'Europe/Berlin'],
  ])('%s -> %s', (text, zone) => {
    expect(resolveZone(text)).toBe(zone);
  });

  it.each(['Narnia', '', '   ', 'the capital of France', 'Mars/Olympus', 'x'.repeat(100)])(
    'knows no zone called %j',
    (text) => {
      expect(resolveZone(text)).toBeNull();
    },
  );
});

describe('describeNow', () => {
  it('words a half-hour offset west of UTC', () => {
    expect(describeNow('America/St_Johns', new Date('2026-01-15T12:00:00Z'))).toBe(
      'Thursday, 15 January 2026, 08:30 (America/St_Johns, UTC-03:30)',
    );
  });
});
