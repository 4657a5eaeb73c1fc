import type { SkillRegistry } from '../skills/skill-registry.js';
import type { TraceAnalytics } from '../traces/trace-analytics.js';
import type { InsightsCache } from './insights-cache.js';
import { compositeCandidates, MINING_RULES } from './sequence-miner.js';
import type { SkillEvolution } from './skill-evolution.schema.js';
import { rate } from './wilson.js';

const DAY_MS = 86_400_000;

/** Composite skill candidates mined from the traces, and each skill's calls week by week. */
export class SkillEvolutionService {
  constructor(
    private readonly analytics: TraceAnalytics,
    private readonly skills: SkillRegistry,
    private readonly cache: InsightsCache,
  ) {}

  report(weeks: number): Promise<SkillEvolution> {
    return this.cache.get(`skillevo:report:${weeks}`, () => this.compute(weeks, new Date()));
  }

  private async compute(weeks: number, now: Date): Promise<SkillEvolution> {
    const mined = { since: new Date(now.getTime() - MINING_RULES.days * DAY_MS), until: now };
    const mondays = weekStarts(now, weeks);
    const evolutionWindow = { since: new Date(`${mondays[0]}T00:00:00Z`), until: now };
    const [counts, weekly] = await Promise.all([
      this.analytics.skillSequences(mined, MINING_RULES.longest, MINING_RULES.minSupport),
      this.analytics.skillOutcomes(evolutionWindow, { weekly: true }),
    ]);
    const levelOf = (skill: string) => this.skills.get(skill)?.level;
    const names = [...new Set(weekly.map((row) => row.skill))];
    const skills = names
      .map((skill) => {
        const rows = weekly.filter((row) => row.skill === skill);
        return {
          skill,
          level: levelOf(skill) ?? null,
          calls: rows.reduce((total, row) => total + row.calls, 0),
          weeks: mondays.map((week) => {
            const row = rows.find((candidate) => candidate.week === week);
            const done = row?.done ?? 0;
            const errors = row?.errors ?? 0;
            return {
              week,
              calls: row?.calls ?? 0,
              done,
              errors,
              denied: row?.denied ?? 0,
              success_rate: rate(done, done + errors),
              p50_ms: row?.p50_ms ?? null,
            };
          }),
        };
      })
      .sort((a, b) => b.calls - a.calls || a.skill.localeCompare(b.skill));
    return {
      mined_since: mined.since.toISOString(),
      mined_until: mined.until.toISOString(),
      thresholds: {
        min_support: MINING_RULES.minSupport,
        min_success_rate: MINING_RULES.minSuccessRate,
        min_confidence: MINING_RULES.minConfidence,
        longest: MINING_RULES.longest,
      },
      candidates: compositeCandidates(counts, levelOf),
      weeks: mondays,
      skills,
    };
  }
}

/** The Mondays (UTC) of the last `count` weeks, oldest first, this week's last. */
export function weekStarts(now: Date, count: number): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const monday = today - ((now.getUTCDay() + 6) % 7) * DAY_MS;
  return Array.from({ length: count }, (_, i) =>
    new Date(monday - (count - 1 - i) * 7 * DAY_MS).toISOString().slice(0, 10),
  );
}
