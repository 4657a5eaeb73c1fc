import type { FastifyBaseLogger } from 'fastify';
import { redactText } from '../../security/redact.js';
import type { ConfigurationService } from '../configuration/configuration.service.js';
import type { ContextProvider } from '../runtime/runtime.service.js';
import { MIN_FIRING_CONFIDENCE, type Rule } from './behavioral.schema.js';
import type { BehavioralService } from './behavioral.service.js';
import { detectCorrection } from './correction.js';
import type { ProposalService } from './proposals.service.js';
import type { RegexMatcher } from './regex-matcher.js';
import { containsKeyword, fingerprint } from './words.js';

/** Actors whose requests are the agent's own work, never an operator correcting it. */
const NOT_OPERATORS = new Set(['agent', 'system', 'runtime', 'scheduler', 'governor']);
const DETAIL_TEXT = 80;

type Contribution = Awaited<ReturnType<ContextProvider['provide']>>;

/**
 * The control layer: for each request the model answers, the enabled rules whose trigger
 * matches add their text to the standing instructions and a guard entry to the trace, and an
 * operator's correction becomes a proposed rule. Hit counts and proposals are written in the
 * background so the model call never waits for them.
 */
export class ControlLayer {
  private readonly background = new Set<Promise<unknown>>();

  constructor(
    private readonly service: BehavioralService,
    private readonly proposals: ProposalService,
    private readonly configuration: ConfigurationService,
    private readonly matcher: RegexMatcher,
    private readonly log: FastifyBaseLogger,
  ) {}

  readonly provider: ContextProvider = {
    name: 'behavioral_rules',
    provide: (request) => this.apply(request),
  };

  /** Waits for the hit counts and proposals written so far (tests, shutdown). */
  async flush(): Promise<void> {
    while (this.background.size > 0) await Promise.allSettled([...this.background]);
  }

  private async apply(request: {
    text: string;
    chatId: string;
    actor: string;
    goalId: string | null;
  }): Promise<Contribution> {
    // Off means off: no rule applies and nothing is learned.
    if (!(await this.configuration.flag('behavioral_rules')))
      return { instructions: [], guards: [] };
    const rules = await this.service.rulesForMatching();
    const eligible = rules.filter((r) => r.enabled && r.confidence >= MIN_FIRING_CONFIDENCE);
    const { fired, timedOut } = await this.firing(eligible, request.text);
    if (fired.length > 0)
      this.later(this.service.recordHits(fired.map((rule) => rule.rule_id)), 'rule hits');
    if (!NOT_OPERATORS.has(request.actor) && request.goalId === null)
      this.learn(request.text, request.chatId, request.actor, rules);

    const guards: Contribution['guards'] = fired.map((rule) => ({
      verdict: 'pass',
      detail: redactText(`rule ${rule.rule_id} fired: ${cut(rule.text)}`),
    }));
    if (timedOut)
      guards.push({
        verdict: 'flag',
        detail: 'regex rules skipped: matching took longer than its time limit',
      });
    return { instructions: fired.map((rule) => rule.text), guards };
  }

  private async firing(rules: Rule[], text: string): Promise<{ fired: Rule[]; timedOut: boolean }> {
    const regexRules = rules.filter((rule) => rule.trigger.type === 'regex');
    const patterns = regexRules.map((rule) => (rule.trigger as { pattern: string }).pattern);
    const matches = await this.matcher.match(patterns, text);
    const regexFired = new Set(regexRules.filter((_, i) => matches?.[i] === true));
    const fired = rules.filter((rule) => {
      if (rule.trigger.type === 'always') return true;
      if (rule.trigger.type === 'keywords') return containsKeyword(text, rule.trigger.keywords);
      return regexFired.has(rule);
    });
    if (matches === null) this.log.warn({ patterns: patterns.length }, 'regex triggers timed out');
    return { fired, timedOut: matches === null };
  }

  /** A correction not already proposed, and not already a rule, becomes a pending proposal. */
  private learn(message: string, chatId: string, actor: string, rules: Rule[]): void {
    const correction = detectCorrection(message);
    if (!correction) return;
    if (rules.some((rule) => fingerprint(rule.text) === correction.fingerprint)) return;
    this.later(this.proposals.propose(correction, { message, chatId, actor }), 'proposal');
  }

  private later(work: Promise<unknown>, what: string): void {
    const tracked = work
      .catch((error) => this.log.warn({ err: error }, `${what} not recorded`))
      .finally(() => this.background.delete(tracked));
    this.background.add(tracked);
  }
}

const cut = (text: string) =>
  text.length > DETAIL_TEXT ? `${text.slice(0, DETAIL_TEXT - 1)}…` : text;
