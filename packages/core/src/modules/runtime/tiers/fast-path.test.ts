import { describe, expect, it, vi } from 'vitest';
import { evaluate } from '../../skills/builtin/expression.js';
import { type FastPathDeps, tryFastPath } from './fast-path.js';

vi.mock('../../skills/builtin/expression.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../skills/builtin/expression.js')>();
  return { ...actual, evaluate: vi.fn(actual.evaluate) };
});

const deps: FastPathDeps = {
  now: () => new Date('2026-11-22T05:05:00Z'),
  defaultZone: 'Europe/Berlin',
  systemInfo: async () => 'Host: test',
  help: () => 'HELP TEXT',
};

describe('tryFastPath arithmetic', () => {
  it.each([
    ['2+2', '2+2 = 4'],
    ['(3+4)*5', '(3+4)*5 = 35'],
    ['sqrt(2)', 'sqrt(2) = 1.41421356237'],
    ['  2 + 2 =  ', '2 + 2 = 4'],
    ['2+2=?', '2+2 = 4'],
    ['-5 + 3', '-5 + 3 = -2'],
    ['what is 12 * 7?', '12 * 7 = 84'],
    ["What's 2^10", '2^10 = 1024'],
    ['calculate 15% of 200', '15% of 200 = 30'],
    ['Calculate 15% of 200.', '15% of 200 = 30'],
    ['how much is 3^4', '3^4 = 81'],
    ['compute 10 / 4', '10 / 4 = 2.5'],
    ['what is 12 times 7', '12 * 7 = 84'],
    ['what is 12 x 7', '12 * 7 = 84'],
    ['what is 10 divided by 4', '10 / 4 = 2.5'],
    ['what is 5 squared', '5^2 = 25'],
    ['what is the square root of 81', 'sqrt(81) = 9'],
    ['calculate 2026-11-22', '2026-11-22 = 1993'],
    ['1/0', '1/0: division by zero'],
    ['what is 10^400', '10^400: result is too large'],
  ])('%j -> %j', async (text, answer) => {
    await expect(tryFastPath(text, deps)).resolves.toEqual({ answer, intent: 'arithmetic' });
  });
});

describe('tryFastPath date and time', () => {
  const berlin = "It's Sunday, 22 November 2026, 06:05 (Europe/Berlin, UTC+01:00).";
  const tokyo = "It's Sunday, 22 November 2026, 14:05 (Asia/Tokyo, UTC+09:00).";
  it.each([
    ['what time is it', berlin],
    ['What time is it?', berlin],
    ['what time is it now', berlin],
    ["what's the time", berlin],
    ['time', berlin],
    ['current time', berlin],
    ['what is today’s date', berlin],
    ["what's the date today", berlin],
    ['what day is it', berlin],
    ['what day is it today?', berlin],
    ["what's the time in Tokyo", tokyo],
    ['what time is it in tokyo right now?', tokyo],
    ['time in JST', tokyo],
    ['time in asia/tokyo', tokyo],
    ['time in new york', "It's Sunday, 22 November 2026, 00:05 (America/New_York, UTC-05:00)."],
  ])('%j', async (text, answer) => {
    await expect(tryFastPath(text, deps)).resolves.toEqual({ answer, intent: 'datetime' });
  });

  it('falls back to UTC when the default zone is unusable', async () => {
    const result = await tryFastPath('what time is it', { ...deps, defaultZone: 'Nowhere/Else' });
    expect(result?.answer).toContain('(UTC, UTC+00:00)');
  });
});

describe('tryFastPath system info and help', () => {
  it.each([
    'system info',
    'show system information',
    'System status',
    'uptime',
    "what's the uptime",
  ])('%j -> system info', async (text) => {
    const systemInfo = vi.fn(async () => 'Host: test');
    await expect(tryFastPath(text, { ...deps, systemInfo })).resolves.toEqual({
      answer: 'Host: test',
      intent: 'system_info',
    });
    expect(systemInfo).toHaveBeenCalledOnce();
  });

  it.each(['help', '/help', 'Help!', 'what can you do?', 'What can you do for me'])(
    '%j -> help',
    async (text) => {
      await expect(tryFastPath(text, deps)).resolves.toEqual({
        answer: 'HELP TEXT',
        intent: 'help',
      });
    },
  );
});

describe('tryFastPath leaves everything else to the model', () => {
  it.each([
    'what is the capital of France',
    'calculate my taxes for me',
    'I have 3 cats and 2 dogs',
    'what is 2+2 in binary',
    'my flight is at 10:30 tomorrow',
    'call me at 555 1234',
    '42',
    'what is 42',
    'what is pi',
    '2026-11-22',
    '22/11/2026',
    '192.168.1.1',
    'version 1.2.3',
    'what time is it in Narnia',
    'what time does the store open',
    'help me write an email',
    'is the system info page broken?',
    'time to go',
    'fetch https://example.com',
    '',
    `what is ${'1+'.repeat(200)}1`,
  ])('%j', async (text) => {
    await expect(tryFastPath(text, deps)).resolves.toBeNull();
  });
});

describe('tryFastPath does not parse ordinary sentences', () => {
  it('hands a sentence with numbers and dashes to the next tier without running the parser', async () => {
    vi.mocked(evaluate).mockClear();
    for (const text of ['book 2 rooms for 3-4 people', 'we need 2-3 hours', 'page 4 - intro'])
      await expect(tryFastPath(text, deps)).resolves.toBeNull();
    expect(evaluate).not.toHaveBeenCalled();
    await expect(tryFastPath('what is max(2, 3) - 1', deps)).resolves.toEqual({
      answer: 'max(2, 3) - 1 = 2',
      intent: 'arithmetic',
    });
    expect(evaluate).toHaveBeenCalledTimes(1);
  });
});
