import type { SkillRegistry } from '../skills/skill-registry.js';
import type { TraceAnalytics } from '../traces/trace-analytics.js';
import type { Tier } from '../traces/traces.schema.js';
import type { SelfModelRepository } from './self-model.repository.js';
import type { SelfModel } from './self-model.schema.js';
import { rate, wilsonInterval } from './wilson.js';

/** What the self-model is built on and when a skill's record counts as a known limit. */
export const SELF_MODEL_RULES = {
  days: 30,
  /** Recomputed at most this often even while no new trace arrives (availability changes). */
  maxAgeMs: 60_000,
  /** The same error this many times is a known limit. */
  repeatedError: 3,
  /** Failing or denied in this share of at least `minimumCalls` calls. */
  mostlyShare: 0.8,
  minimumCalls: 5,
};

const DAY_MS = 86_400_000;

/**
 * The agent's model of itself, computed from its traces and its skill registry: how reliable
 * each skill and tier has been (with intervals, not bare rates) and what it knows it cannot do.
 * Stored in the self_model row, which is also the cache: recomputed when a newer trace exists.
 */
export class SelfModelService {
  constructor(
    private readonly analytics: TraceAnalytics,
    private readonly skills: SkillRegistry,
    private readonly repository: SelfModelRepository,
  ) {}

  async current(): Promise<SelfModel> {
    const [stored, marker] = await Promise.all([this.repository.read(), this.analytics.latest()]);
    const model = stored?.model as Partial<SelfModel> | undefined;
    const fresh =
      stored?.computed_at &&
      Date.now() - stored.computed_at.getTime() < SELF_MODEL_RULES.maxAgeMs &&
      model?.based_on === marker;
    if (fresh) return model as SelfModel;
    const computed = await this.compute(marker, new Date());
    await this.repository.write(computed, new Date(computed.computed_at));
    return computed;
  }

  private async compute(marker: string, now: Date): Promise<SelfModel> {
    const rules = SELF_MODEL_RULES;
    const window = { since: new Date(now.getTime() - rules.days * DAY_MS), until: now };
    const [tiers, outcomes, repeated, views] = await Promise.all([
      this.analytics.tierOutcomes(window),
      this.analytics.skillOutcomes(window),
      this.analytics.repeatedErrors(window, rules.repeatedError),
      this.skills.views(),
    ]);
    const installed = new Map(views.map((view) => [view.name, view]));
    const names = [
      ...new Set([...views.map((view) => view.name), ...outcomes.map((o) => o.skill)]),
    ];
    const skills = names
      .map((skill) => {
        const view = installed.get(skill);
        const row = outcomes.find((outcome) => outcome.skill === skill);
        const done = row?.done ?? 0;
        const errors = row?.errors ?? 0;
        return {
          skill,
          level: view?.level ?? null,
          available: view?.available ?? false,
          unavailable_reason: view
            ? view.unavailable_reason
            : 'not installed any more (seen in traces only)',
          calls: row?.calls ?? 0,
          done,
          errors,
          denied: row?.denied ?? 0,
          success_rate: rate(done, done + errors),
          interval: wilsonInterval(done, done + errors),
          p50_ms: row?.p50_ms ?? null,
        };
      })
      .sort((a, b) => b.calls - a.calls || a.skill.localeCompare(b.skill));

    const limits: SelfModel['limits'] = [];
    for (const view of views)
      if (!view.available)
        limits.push({
          kind: 'unavailable',
          skill: view.name,
          detail: view.unavailable_reason ?? 'unavailable',
          count: 0,
          last_at: null,
          request_ids: [],
        });
    for (const error of repeated)
      limits.push({
        kind: 'repeated_error',
        skill: error.skill,
        detail: error.error,
        count: error.count,
        last_at: error.last_at,
        request_ids: error.request_ids,
      });
    for (const skill of skills) {
      const finished = skill.done + skill.errors;
      if (finished >= rules.minimumCalls && skill.errors / finished >= rules.mostlyShare)
        limits.push(share('mostly_failing', skill.skill, skill.errors, finished, 'failed'));
      if (skill.calls >= rules.minimumCalls && skill.denied / skill.calls >= rules.mostlyShare)
        limits.push(share('mostly_denied', skill.skill, skill.denied, skill.calls, 'denied'));
    }

    return {
      computed_at: now.toISOString(),
      since: window.since.toISOString(),
      based_on: marker,
      tiers: tiers.map((row) => {
        const finished = row.ok + row.errors;
        return {
          tier: row.tier as Tier,
          requests: finished + row.cancelled,
          ok: row.ok,
          errors: row.errors,
          cancelled: row.cancelled,
          success_rate: rate(row.ok, finished),
          interval: wilsonInterval(row.ok, finished),
        };
      }),
      skills,
      limits,
    };
  }
}

function share(
  kind: 'mostly_failing' | 'mostly_denied',
  skill: string,
  count: number,
  of: number,
  verb: string,
): SelfModel['limits'][number] {
  return {
    kind,
    skill,
    detail: `${verb} in ${count} of ${of} calls`,
    count,
    last_at: null,
    request_ids: [],
  };
}
