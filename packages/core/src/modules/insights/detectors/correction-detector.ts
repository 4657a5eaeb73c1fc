import { detectCorrection } from '../../behavioral/correction.js';
import { type Detection, fingerprintOf, shorten } from './detection.js';

/** The same correction (same words, whatever the case or punctuation) this many times. */
export const CORRECTION_RULES = { minRepeats: 2, days: 30, scanned: 2_000 };

export interface Message {
  request_id: string;
  input: string;
  created_at: string;
}

/**
 * Corrections the operator keeps making become rule proposals. The behavioral module proposes a
 * rule from the first one; a correction made again shows that no rule holds it yet.
 * `ruleFingerprints` are the fingerprints of the rules that exist.
 */
export function detectRepeatedCorrections(
  messages: Message[],
  ruleFingerprints: Set<string>,
): Detection[] {
  const groups = new Map<string, { text: string; trigger: unknown; messages: Message[] }>();
  for (const message of messages) {
    const correction = detectCorrection(message.input);
    if (!correction || ruleFingerprints.has(correction.fingerprint)) continue;
    const group = groups.get(correction.fingerprint) ?? {
      text: correction.text,
      trigger: correction.trigger,
      messages: [],
    };
    group.messages.push(message);
    groups.set(correction.fingerprint, group);
  }
  return [...groups.entries()]
    .filter(([, group]) => group.messages.length >= CORRECTION_RULES.minRepeats)
    .map(([fingerprint, group]) => {
      const times = group.messages
        .map((message) => message.created_at)
        .sort()
        .reverse();
      return {
        kind: 'rule' as const,
        fingerprint: fingerprintOf('rule', fingerprint),
        title: `Make a rule: ${shorten(group.text, 80)}`,
        support: group.messages.length,
        evidence: {
          summary: `The same correction made ${group.messages.length} times`,
          count: group.messages.length,
          first_at: times[times.length - 1] ?? '',
          last_at: times[0] ?? '',
          request_ids: group.messages.map((message) => message.request_id).slice(0, 20),
          times,
        },
        proposal: { text: group.text, trigger: group.trigger },
      };
    });
}
