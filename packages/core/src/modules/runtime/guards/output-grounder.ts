/**
 * The response grounder: a model can say "I searched the web" without having called the search
 * skill. This finds such first-person claims of finished actions in a reply, checks them against
 * the skill steps that really ran, and appends a correction for each claim the steps do not back.
 * The false sentence stays: rewriting model text would hide what the model said.
 */

export type StepStatus = 'done' | 'error' | 'denied' | 'running' | 'awaiting_confirmation';
export type ClaimProblem = 'not_run' | 'failed' | 'denied';

export interface GroundedClaim {
  skill: string;
  phrase: string;
  problem: ClaimProblem;
}

export interface GroundingResult {
  verdict: 'pass' | 'flag';
  claims: GroundedClaim[];
  reply: string;
}

interface Action {
  /** Any of these skills having run backs the claim; the first is named when none ran. */
  skills: string[];
  /** What follows the subject: the past-tense verb and its object. */
  claim: string;
  corrections: Record<ClaimProblem, string>;
}

const ARTICLE = String.raw`(?: (?:the|a|an|that|this|these|those|your|my|their|its|some|two|\d+))?`;

const ACTIONS: Action[] = [
  {
    skills: ['fetch_url', 'browser'],
    claim: String.raw`(?:fetched|opened|visited|read|loaded|downloaded|retrieved|accessed|browsed|scraped|checked|looked at|went to|pulled up)${ARTICLE}(?: [\w-]+){0,2}?(?: (?:web ?page|page|url|link|site|website|article|documentation|docs)s?\b| https?://\S+)`,
    corrections: {
      not_run: 'no web page was fetched for this answer.',
      failed: 'fetching the web page failed, so its content was not available.',
      denied: 'fetching the web page was not allowed, so it did not happen.',
    },
  },
  {
    skills: ['web_search'],
    claim: String.raw`(?:searched|googled|looked up|researched|(?:did|ran|performed|conducted)${ARTICLE}(?: quick| web| online| google| internet)* search(?:es)?)\b`,
    corrections: {
      not_run: 'no web search was run for this answer.',
      failed: 'the web search failed, so it returned no results.',
      denied: 'the web search was not allowed, so it did not run.',
    },
  },
  {
    skills: ['shell', 'python_exec'],
    claim: String.raw`(?:ran|run|executed|launched|invoked)${ARTICLE}(?: following)? (?:(?:(?:shell|bash|terminal|python) )?(?:commands?|scripts?|code|programs?|snippet)\b|(?:shell|terminal|python)\b|\`)`,
    corrections: {
      not_run: 'no command was run for this answer.',
      failed: 'the command failed, so its output was not available.',
      denied: 'running the command was not allowed, so it did not run.',
    },
  },
  {
    skills: ['mail'],
    claim: String.raw`(?:(?:e-?)?mailed\b|(?:sent|forwarded|replied to)(?: (?:him|her|them|you))?${ARTICLE} (?:e-?mails?|mails?|messages?)\b)`,
    corrections: {
      not_run: 'no email was sent.',
      failed: 'sending the email failed, so it was not sent.',
      denied: 'sending the email was not allowed, so it was not sent.',
    },
  },
  {
    skills: ['browser'],
    claim: String.raw`(?:took|taken|captured|grabbed|made|saved)${ARTICLE}(?: full[- ]page)? screenshots?\b`,
    corrections: {
      not_run: 'no screenshot was taken.',
      failed: 'taking the screenshot failed.',
      denied: 'taking the screenshot was not allowed, so none was taken.',
    },
  },
  {
    skills: ['calculate'],
    claim: String.raw`(?:calculated|computed)\b`,
    corrections: {
      not_run: 'the calculate tool was not used; the figures were not computed by a tool.',
      failed: 'the calculation failed; the figures were not computed by a tool.',
      denied: 'the calculation was not allowed; the figures were not computed by a tool.',
    },
  },
  {
    skills: ['reminders'],
    claim: String.raw`(?:created|set|set up|added|made|saved)${ARTICLE}(?: new)? reminders?\b`,
    corrections: {
      not_run: 'no reminder was created.',
      failed: 'creating the reminder failed, so none was created.',
      denied: 'creating the reminder was not allowed, so none was created.',
    },
  },
  {
    skills: ['notes'],
    claim: String.raw`(?:created|added|saved|wrote|written|stored)${ARTICLE}(?: new)? notes?\b`,
    corrections: {
      not_run: 'no note was saved.',
      failed: 'saving the note failed, so none was saved.',
      denied: 'saving the note was not allowed, so none was saved.',
    },
  },
  {
    skills: ['task_manager'],
    claim: String.raw`(?:created|added|made|set up|opened)${ARTICLE}(?: new)? (?:tasks?|to-?dos?)\b`,
    corrections: {
      not_run: 'no task was created.',
      failed: 'creating the task failed, so none was created.',
      denied: 'creating the task was not allowed, so none was created.',
    },
  },
  {
    skills: ['reminders', 'task_manager'],
    claim: String.raw`scheduled\b`,
    corrections: {
      not_run: 'nothing was scheduled.',
      failed: 'scheduling failed, so nothing was scheduled.',
      denied: 'scheduling was not allowed, so nothing was scheduled.',
    },
  },
  {
    skills: ['http_request', 'integration_skill'],
    claim: String.raw`(?:(?:made|sent|performed|issued|did|fired off)${ARTICLE}(?: (?:https?|api|get|post|put|patch|delete|web|rest))* (?:request|call)s?\b|(?:called|queried|hit|contacted|pinged)(?: the| your| their| that| this)?(?: [\w-]+)? (?:api|endpoint|webhook)s?\b)`,
    corrections: {
      not_run: 'no HTTP request was made.',
      failed: 'the HTTP request failed, so its answer was not available.',
      denied: 'the HTTP request was not allowed, so it was not made.',
    },
  },
];

/**
 * "I", "I've", "we have just", "I went ahead and": only adverbs may stand between the subject and
 * the verb, so "I did not search", "I can search", "I will fetch" and "I haven't sent" never match.
 * "I'd" is left out: it is "I would" as often as "I had".
 */
const SUBJECT = String.raw`\b(?:I|we)(?:'ve| have| had)?(?: (?:just|already|also|then|now|successfully|quickly|first|finally|gone ahead and|went ahead and))*`;
/** "I searched the web and fetched the page": a second verb sharing the subject. */
const CONTINUATION = String.raw`(?<continued>\band(?: then| also| later)?)`;
const PATTERNS = ACTIONS.map(
  (action) => new RegExp(`(?:${SUBJECT}|${CONTINUATION}) ${action.claim}`, 'gi'),
);
/** Every claim starts with one of these words: a reply with none of them ("84") claims nothing. */
const CLAIM_OPENER = /\b(?:I|we|and)\b/i;

/** Words that make the rest of their sentence hypothetical: "if I ran", "whether I searched". */
const HYPOTHETICAL =
  /\b(?:if|unless|whether|suppose|supposing|imagine|wish|pretend|as though|in case)\b/i;
/** What must not precede a continued verb: "I will search and read the page" claims nothing. */
const NOT_DONE =
  /\b(?:will|shall|can|could|would|should|may|might|must|going to|want to|let me|need to|to|not|never|no)\b|n't|'ll/i;
const FIRST_PERSON = /\b(?:I|we)\b/i;

function isAssertion(text: string, match: RegExpExecArray | RegExpMatchArray): boolean {
  const start = match.index ?? 0;
  const before = text.slice(0, start);
  const sentenceStart =
    Math.max(...['.', '!', '?', '\n'].map((mark) => before.lastIndexOf(mark))) + 1;
  const clause = before.slice(sentenceStart);
  if (HYPOTHETICAL.test(clause)) return false;
  if (match.groups?.continued && (!FIRST_PERSON.test(clause) || NOT_DONE.test(clause)))
    return false;
  // A question ("so I searched the web?") asserts nothing.
  const rest = text.slice(start + match[0].length);
  return rest[rest.search(/[.!?\n]|$/)] !== '?';
}

function problemOf(action: Action, steps: ReadonlyArray<{ skill: string; status: StepStatus }>) {
  const own = steps.filter((step) => action.skills.includes(step.skill));
  if (own.some((step) => step.status === 'done')) return null;
  const failed = own.find((step) => step.status === 'error');
  if (failed) return { problem: 'failed' as const, skill: failed.skill };
  const denied = own.find((step) => step.status === 'denied');
  if (denied) return { problem: 'denied' as const, skill: denied.skill };
  return { problem: 'not_run' as const, skill: action.skills[0] ?? 'unknown' };
}

export function groundReply(
  reply: string,
  steps: ReadonlyArray<{ skill: string; status: StepStatus }>,
): GroundingResult {
  if (!CLAIM_OPENER.test(reply)) return { verdict: 'pass', claims: [], reply };
  const text = reply.replace(/[\u2018\u2019]/g, "'");
  const found: Array<{ at: number; claim: GroundedClaim; correction: string }> = [];
  ACTIONS.forEach((action, index) => {
    const pattern = PATTERNS[index] as RegExp;
    for (const match of text.matchAll(pattern)) {
      if (!isAssertion(text, match)) continue;
      const problem = problemOf(action, steps);
      if (problem) {
        // One claim per action: the reply may repeat it, the correction need not.
        const phrase = reply.slice(match.index, match.index + match[0].length);
        const correction = `[Correction: ${action.corrections[problem.problem]}]`;
        found.push({ at: match.index, claim: { ...problem, phrase }, correction });
      }
      break;
    }
  });
  if (found.length === 0) return { verdict: 'pass', claims: [], reply };
  found.sort((left, right) => left.at - right.at); // corrections in the order the reply claims
  const corrections = found.map((entry) => entry.correction).join('\n');
  return {
    verdict: 'flag',
    claims: found.map((entry) => entry.claim),
    reply: `${reply}\n\n${corrections}`,
  };
}
