import type { z } from 'zod';
import { ConflictError, NotFoundError, ValidationError } from '../../errors/app-error.js';
import type { KvStore } from '../../store/kv/kv-store.js';
import { parseDuration } from '../../util/duration.js';
import type { AuditService } from '../audit/audit.plugin.js';
import type { Trigger } from '../behavioral/behavioral.schema.js';
import type { BehavioralService } from '../behavioral/behavioral.service.js';
import type { ProposalService } from '../behavioral/proposals.service.js';
import { fingerprint } from '../behavioral/words.js';
import { createScheduleSchema } from '../scheduler/scheduler.schema.js';
import type { SchedulerService } from '../scheduler/scheduler.service.js';
import { createSubscriptionSchema } from '../subscriptions/subscriptions.schema.js';
import type { SubscriptionsService } from '../subscriptions/subscriptions.service.js';
import type { TraceAnalytics } from '../traces/trace-analytics.js';
import type { CandidatesRepository } from './candidates.repository.js';
import { CORRECTION_RULES, detectRepeatedCorrections } from './detectors/correction-detector.js';
import type { Detection } from './detectors/detection.js';
import { normalized } from './detectors/detection.js';
import { detectFetch, FETCH_RULES, FETCHING_SKILLS } from './detectors/fetch-detector.js';
import { detectSchedule, SCHEDULE_RULES } from './detectors/schedule-detector.js';
import type { CandidateStatus } from './insights.tables.js';
import type { InsightsCache } from './insights-cache.js';
import type { Opportunity } from './opportunities.schema.js';

const DAY_MS = 86_400_000;
const SCHEDULE_DAYS = 30;
const MAX_SNOOZE_MS = 90 * DAY_MS;
const MIN_SNOOZE_MS = 3_600_000;
/** Open, or snoozed: the states an operator can still decide on. */
const UNDECIDED: CandidateStatus[] = ['open', 'snoozed'];

export interface OpportunitiesDependencies {
  analytics: TraceAnalytics;
  repository: CandidatesRepository;
  cache: InsightsCache;
  kv: KvStore;
  audit: AuditService;
  scheduler: SchedulerService;
  subscriptions: SubscriptionsService;
  behavioral: BehavioralService;
  proposals: ProposalService;
}

interface Decision {
  actor: string;
  requestId: string | null;
}

/**
 * Automation opportunities: detectors (code, not a model) read the traces for repeated work,
 * each finding comes with its evidence and a ready proposal, and the operator accepts it (the
 * owning module creates the schedule, monitor, subscription or rule), dismisses it or snoozes it.
 */
export class OpportunitiesService {
  constructor(private readonly deps: OpportunitiesDependencies) {}

  async list(status: CandidateStatus | 'all'): Promise<Opportunity[]> {
    await this.deps.cache.get('opp:scan', async () => {
      await this.scan(new Date());
      return true;
    });
    return this.deps.repository.list(status);
  }

  async get(id: string): Promise<Opportunity> {
    const found = await this.deps.repository.get(id);
    if (!found) throw new NotFoundError('No such opportunity');
    return found;
  }

  /** Runs every detector over the traces and stores what they found. */
  async scan(now: Date): Promise<Detection[]> {
    const { analytics, scheduler, subscriptions, behavioral } = this.deps;
    const back = (days: number) => ({ since: new Date(now.getTime() - days * DAY_MS), until: now });
    const [requests, targets, messages, schedules, feeds, rules] = await Promise.all([
      analytics.repeatedRequests(back(SCHEDULE_DAYS), SCHEDULE_RULES.minDays),
      analytics.repeatedTargets(back(FETCH_RULES.days), FETCHING_SKILLS, FETCH_RULES.minRequests),
      analytics.possibleCorrections(back(CORRECTION_RULES.days), CORRECTION_RULES.scanned),
      scheduler.list(),
      subscriptions.list('feed'),
      behavioral.list({ limit: 1_000 }),
    ]);
    const prompts = new Set(
      schedules.flatMap((schedule) => (schedule.action ? [normalized(schedule.action.text)] : [])),
    );
    const watched = new Set<string>();
    for (const item of [...schedules, ...feeds])
      if ('url' in item && item.url) watched.add(new URL(item.url).href);
    const detections = [
      ...requests.flatMap((request) => detectSchedule(request, prompts) ?? []),
      ...targets.flatMap((target) => detectFetch(target, watched) ?? []),
      ...detectRepeatedCorrections(messages, new Set(rules.map((rule) => fingerprint(rule.text)))),
    ];
    await this.deps.repository.replaceDetections(detections);
    return detections;
  }

  /** Creates the proposal through its module; 409 unless the opportunity is open or snoozed. */
  async accept(id: string, decision: Decision): Promise<Opportunity> {
    const lock = `opp:accept:${id}`;
    if (!(await this.deps.kv.setIfAbsent(lock, decision.actor, { ttlMs: 60_000 })))
      throw new ConflictError('invalid_transition', 'This opportunity is being accepted already');
    try {
      const opportunity = await this.undecided(id);
      const result = await this.create(opportunity, decision);
      const accepted = await this.deps.repository.decide(id, UNDECIDED, {
        status: 'accepted',
        decided_by: decision.actor,
        result,
      });
      if (!accepted) throw this.decided(await this.get(id));
      this.audit('opportunity.accept', accepted, decision, { created: result });
      return accepted;
    } finally {
      await this.deps.kv.delete(lock);
    }
  }

  async dismiss(id: string, decision: Decision): Promise<Opportunity> {
    const dismissed = await this.deps.repository.decide(id, UNDECIDED, {
      status: 'dismissed',
      decided_by: decision.actor,
    });
    if (!dismissed) throw this.decided(await this.get(id));
    this.audit('opportunity.dismiss', dismissed, decision);
    return dismissed;
  }

  async snooze(id: string, duration: string, decision: Decision): Promise<Opportunity> {
    const ms = Math.min(Math.max(parseDuration(duration) ?? 0, MIN_SNOOZE_MS), MAX_SNOOZE_MS);
    const until = new Date(Date.now() + ms);
    const snoozed = await this.deps.repository.decide(id, UNDECIDED, {
      status: 'snoozed',
      decided_by: decision.actor,
      snoozed_until: until,
    });
    if (!snoozed) throw this.decided(await this.get(id));
    this.audit('opportunity.snooze', snoozed, decision, { until: until.toISOString() });
    return snoozed;
  }

  private async create(opportunity: Opportunity, decision: Decision) {
    const { proposal } = opportunity;
    switch (opportunity.kind) {
      case 'schedule':
      case 'monitor': {
        const body = valid(createScheduleSchema, proposal);
        const schedule = await this.deps.scheduler.create(body, decision.actor);
        return { schedule_id: schedule.schedule_id };
      }
      case 'subscription': {
        const body = valid(createSubscriptionSchema, proposal);
        const subscription = await this.deps.subscriptions.create(body, decision.actor);
        return { subscription_id: subscription.subscription_id };
      }
      case 'rule':
        return {
          rule_id: await this.makeRule(proposal as { text: string; trigger: Trigger }, decision),
        };
    }
  }

  /** A pending proposal of the same rule is approved (so it is not left hanging); else a new rule. */
  private async makeRule(rule: { text: string; trigger: Trigger }, decision: Decision) {
    const wanted = fingerprint(rule.text);
    const pending = (await this.deps.proposals.pending(500)).find(
      (proposal) => fingerprint(proposal.text) === wanted,
    );
    if (pending) {
      const approved = await this.deps.proposals.approve(
        pending.proposal_id,
        {},
        decision.actor,
        decision.requestId,
      );
      return approved.rule.rule_id;
    }
    const created = await this.deps.behavioral.create(
      { text: rule.text, trigger: rule.trigger },
      'correction',
      decision.actor,
      decision.requestId,
    );
    return created.rule_id;
  }

  private async undecided(id: string): Promise<Opportunity> {
    const opportunity = await this.get(id);
    if (!UNDECIDED.includes(opportunity.status)) throw this.decided(opportunity);
    return opportunity;
  }

  private decided(opportunity: Opportunity): ConflictError {
    return new ConflictError('invalid_transition', `This opportunity is ${opportunity.status}`);
  }

  private audit(
    action: string,
    opportunity: Opportunity,
    decision: Decision,
    detail: Record<string, unknown> = {},
  ): void {
    this.deps.audit.record({
      action,
      actor: decision.actor,
      target: opportunity.opportunity_id,
      detail: { kind: opportunity.kind, title: opportunity.title, ...detail },
      request_id: decision.requestId,
    });
  }
}

/** A stored proposal checked again by the owning module's own schema (its rules may have moved). */
function valid<T extends z.ZodType>(schema: T, proposal: unknown): z.output<T> {
  const result = schema.safeParse(proposal);
  if (result.success) return result.data;
  throw new ValidationError(
    'The proposal is no longer valid; create it by hand instead',
    result.error.issues.map((issue) => ({
      path: `/proposal/${issue.path.join('/')}`,
      message: issue.message,
    })),
  );
}
