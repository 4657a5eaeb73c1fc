/**
 * The fast path: questions answered exactly without a model (arithmetic, the time, this machine,
 * help). It runs before every request, so it is regular expressions and nothing slower, and it
 * answers only when it is sure; anything else returns null and goes on to the next tier.
 */
import { describeNow, resolveZone } from '../../skills/builtin/datetime.skill.js';
import { ExpressionError, evaluate, formatNumber } from '../../skills/builtin/expression.js';
import { CONSTANTS, FUNCTIONS } from '../../skills/builtin/expression-math.js';

export type FastPathIntent = 'arithmetic' | 'datetime' | 'system_info' | 'help';

export interface FastPathAnswer {
  answer: string;
  intent: FastPathIntent;
}

export interface FastPathDeps {
  now: () => Date;
  /** IANA zone for "what time is it" without a place. */
  defaultZone: string;
  systemInfo: () => Promise<string>;
  help: () => string;
}

const HELP =
  /^(?:\/?help|\/start|what can you do(?: for me)?|what can you help (?:me )?with|how do i use you|show (?:me )?(?:the )?help|list (?:the )?commands|commands)$/;

const SYSTEM_INFO = [
  /^(?:show |get |display |give me )?(?:me )?(?:the )?(?:system|server|host|machine) (?:info|information|status|stats|details)$/,
  /^(?:sysinfo|system_info)$/,
  /^(?:what(?:'s| is) (?:the |your )?|show (?:me )?(?:the )?)?(?:system |server )?uptime$/,
  /^how long (?:have you|has the (?:server|system) been) (?:been )?(?:up|running)$/,
];

/** Each captures an optional place in the group `zone`. */
const DATETIME = [
  /^what(?:'s|s| is)? (?:the )?(?:current |local )?time(?: is it)?(?: (?:in|at) (?<zone>.+))?$/,
  /^(?:tell me the |the )?(?:current |local )?time(?: (?:in|at) (?<zone>.+))?$/,
  /^what(?:'s|s| is)? (?:the |today's |todays )?(?:current )?date(?: is it)?(?: today)?(?: (?:in|at) (?<zone>.+))?$/,
  /^(?:today's|todays|the|current) date$/,
  /^what day(?: of the week)? (?:is it|is today)(?: today)?$/,
  /^what(?:'s|s| is) today$/,
];

/** Words people use for operators, turned into the symbols the evaluator reads. */
const WORD_OPERATORS: Array<[RegExp, string]> = [
  [/\b(?:the )?square root of (\d+(?:\.\d+)?)/g, 'sqrt($1)'],
  [/\bplus\b/g, '+'],
  [/\bminus\b/g, '-'],
  [/\b(?:times|multiplied by)\b/g, '*'],
  [/\bdivided by\b/g, '/'],
  [/\bmod(?:ulo)?\b/g, '%'],
  [/\bto the power of\b/g, '^'],
  [/\s*\bsquared\b/g, '^2'],
  [/\s*\bcubed\b/g, '^3'],
  [/\bper ?cent\b/g, '%'],
  [/(\d)\s*x\s*(?=[\d(])/g, '$1 * '],
];

const ARITHMETIC_PREFIX =
  /^(?:what(?:'s|s| is)|how much is|calculate|calc|compute|evaluate|solve)\s+/;
const EXPRESSION_CHARACTERS = /^[\d\s.+\-*/%^()×÷−–·,πa-z]+$/;
const HAS_OPERATION = /\d\s*(?:[+\-*/%^×÷−–·]|\*\*)|[+\-−–]\s*\d|[a-z]+\s*\(/;
/** A word that stands alone (not the `e` of `2e5`). */
const STANDALONE_WORD = /(?<![\d.a-z])[a-z][a-z0-9]*/g;
/** Every name the evaluator reads; `of` as in `15% of 200`. */
const EXPRESSION_WORDS = new Set([...Object.keys(CONSTANTS), ...Object.keys(FUNCTIONS), 'of']);
/** A bare `2026-11-22` or `22/11/2026` is a date, not a sum. */
const DATE_LIKE = /^\d+([-/.])\d+\1\d+$/;

function normalise(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/\s+/g, ' ')
    .replace(/^(?:hey|hi|hello|ok|okay|please|so)[,!]? /, '')
    .replace(/^(?:can|could) you (?:please )?(?:tell me|say) /, '')
    .replace(/^do you know /, '')
    .replace(/[?!.\s]+$/, '')
    .replace(/,? please$/, '')
    .replace(/ (?:right now|now|currently)$/, '');
}

function arithmetic(text: string): FastPathAnswer | null {
  const phrased = ARITHMETIC_PREFIX.test(text);
  let candidate = text.replace(ARITHMETIC_PREFIX, '').replace(/\s*=\s*\??$/, '');
  if (!phrased && DATE_LIKE.test(candidate)) return null;
  for (const [pattern, replacement] of WORD_OPERATORS)
    candidate = candidate.replace(pattern, replacement);
  candidate = candidate.trim();
  if (!EXPRESSION_CHARACTERS.test(candidate) || !HAS_OPERATION.test(candidate)) return null;
  // An ordinary sentence with a number in it ("book 2 rooms for 3-4 people") is not parsed at
  // all: the parser would only throw, and throwing is slow on a path every request takes.
  for (const [word] of candidate.matchAll(STANDALONE_WORD))
    if (!EXPRESSION_WORDS.has(word)) return null;
  try {
    return { answer: `${candidate} = ${formatNumber(evaluate(candidate))}`, intent: 'arithmetic' };
  } catch (error) {
    // A sum with no finite value ("1/0") is still arithmetic: answer with the reason. Text that
    // is not an expression at all goes on to the next tier.
    if (error instanceof ExpressionError && error.kind === 'math')
      return { answer: `${candidate}: ${error.message}`, intent: 'arithmetic' };
    return null;
  }
}

function datetime(text: string, deps: FastPathDeps): FastPathAnswer | null {
  for (const pattern of DATETIME) {
    const match = pattern.exec(text);
    if (!match) continue;
    const place = match.groups?.zone;
    const zone = place ? resolveZone(place) : (resolveZone(deps.defaultZone) ?? 'UTC');
    // An unknown place is left to the model, which can say so or ask.
    if (!zone) return null;
    return { answer: `It's ${describeNow(zone, deps.now())}.`, intent: 'datetime' };
  }
  return null;
}

export async function tryFastPath(
  text: string,
  deps: FastPathDeps,
): Promise<FastPathAnswer | null> {
  if (text.length > 300) return null;
  const request = normalise(text);
  if (!request) return null;
  if (HELP.test(request)) return { answer: deps.help(), intent: 'help' };
  if (SYSTEM_INFO.some((pattern) => pattern.test(request)))
    return { answer: await deps.systemInfo(), intent: 'system_info' };
  return datetime(request, deps) ?? arithmetic(request);
}
