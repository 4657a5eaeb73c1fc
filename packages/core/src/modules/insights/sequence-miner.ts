import { CAPABILITY_LEVELS, type CapabilityLevel } from '../skills/skill.js';
import type { CompositeCandidate } from './skill-evolution.schema.js';

/** The rules a sequence must pass to be proposed as a composite skill (code decides). */
export const MINING_RULES = {
  days: 30,
  longest: 4,
  minSupport: 3,
  minSuccessRate: 0.8,
  minConfidence: 0.8,
};

export interface SequenceCount {
  sequence: string[];
  support: number;
  succeeded: number;
  examples: string[];
}

const key = (sequence: string[]) => sequence.join('\u0000');
const round = (value: number) => Math.round(value * 10_000) / 10_000;

/**
 * Composite skill candidates from counted consecutive sequences: length 2 or more, not one skill
 * repeated, enough requests, mostly successful, and a next step that reliably follows its
 * prefix (P(next | prefix), as in tool transition fusion). A candidate contained in a longer
 * one with the same support is dropped: the longer one says everything it does.
 */
export function compositeCandidates(
  counts: SequenceCount[],
  levelOf: (skill: string) => CapabilityLevel | undefined,
  rules = MINING_RULES,
): CompositeCandidate[] {
  const supportOf = new Map(counts.map((count) => [key(count.sequence), count.support]));
  const passing = counts
    .filter((count) => count.sequence.length >= 2 && new Set(count.sequence).size > 1)
    .map((count) => {
      const prefix = supportOf.get(key(count.sequence.slice(0, -1))) ?? count.support;
      return {
        ...count,
        success_rate: round(count.succeeded / count.support),
        confidence: round(count.support / prefix),
        level: highestLevel(count.sequence, levelOf),
      };
    })
    .filter(
      (candidate) =>
        candidate.support >= rules.minSupport &&
        candidate.success_rate >= rules.minSuccessRate &&
        candidate.confidence >= rules.minConfidence,
    );
  const closed = passing.filter(
    (candidate) =>
      !passing.some(
        (longer) =>
          longer.sequence.length > candidate.sequence.length &&
          longer.support === candidate.support &&
          contains(longer.sequence, candidate.sequence),
      ),
  );
  return closed.sort(
    (a, b) =>
      b.support - a.support ||
      b.sequence.length - a.sequence.length ||
      key(a.sequence).localeCompare(key(b.sequence)),
  );
}

function contains(haystack: string[], needle: string[]): boolean {
  for (let start = 0; start + needle.length <= haystack.length; start++)
    if (needle.every((skill, i) => haystack[start + i] === skill)) return true;
  return false;
}

function highestLevel(
  sequence: string[],
  levelOf: (skill: string) => CapabilityLevel | undefined,
): CapabilityLevel | null {
  const ranks = sequence.map((skill) => {
    const level = levelOf(skill);
    return level ? CAPABILITY_LEVELS.indexOf(level) : -1;
  });
  if (ranks.some((rank) => rank < 0)) return null;
  return CAPABILITY_LEVELS[Math.max(...ranks)] ?? null;
}
