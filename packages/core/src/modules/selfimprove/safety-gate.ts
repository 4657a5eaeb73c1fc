import { addedAndRemoved } from './unified-diff.js';
import { WEAKENING_PATTERNS } from './weakening-patterns.js';

/** SPEC Limits: a diff longer than this many characters is a large patch. */
export const LARGE_PATCH_CHARS = 2000;
/** SPEC Limits: added lines longer than this on average make a dense patch. */
export const DENSE_LINE_CHARS = 120;

/**
 * Files whose change can weaken the runtime's own safety. SPEC names the Python original's
 * files; the rest are this runtime's equivalents: the sandbox, behavioral rules, the guards and
 * grounder, the policy gate, confirmations, auth and CSRF, the vault, redaction and keys, the
 * SSRF guard, the audit log and self-improve itself. A rule ending in / covers a folder.
 */
export const CRITICAL_PATHS = [
  'sandbox.py',
  'control_layer.py',
  'behavioral.py',
  'response_grounder.py',
  'modules/sandbox/',
  'modules/behavioral/',
  'modules/runtime/guards/',
  'modules/runtime/skill-runner.ts',
  'modules/skills/autonomy.ts',
  'modules/skills/autonomy.service.ts',
  'modules/confirmations/',
  'modules/auth/',
  'modules/vault/',
  'security/',
  'net/ssrf.ts',
  'net/blocked-address.ts',
  'modules/selfimprove/',
  'modules/audit/',
] as const;

export type GateDecision = 'ALLOW' | 'WARN' | 'BLOCK';

export interface GateVerdict {
  decision: GateDecision;
  /** Why, in words: the critical path, the size signals and each weakening pattern found. */
  reasons: string[];
  patch_length: number;
  avg_line_length: number;
  is_large_patch: boolean;
  is_dense_patch: boolean;
  critical_path: boolean;
  weakening_patterns: string[];
}

/** The critical-path rule a relative path falls under, or null. */
export function criticalPathRule(relativePath: string): string | null {
  const normalized = `/${relativePath.replace(/^\/+/, '')}`;
  const name = normalized.slice(normalized.lastIndexOf('/') + 1);
  for (const rule of CRITICAL_PATHS) {
    if (!rule.includes('/')) {
      if (name === rule) return rule;
    } else if (rule.endsWith('/')) {
      // Anywhere in the path, so a tree rooted above src/ (src/modules/auth/...) still matches.
      if (normalized.includes(`/${rule}`)) return rule;
    } else if (normalized.endsWith(`/${rule}`)) {
      return rule;
    }
  }
  return null;
}

/**
 * The soft safety gate of SPEC Limits, on one file's unified diff. BLOCK: critical path AND a
 * weakening pattern AND (large OR dense). WARN: critical path AND (large OR dense), no
 * weakening pattern. ALLOW otherwise.
 */
export function evaluateGate(relativePath: string, diff: string): GateVerdict {
  const lines = addedAndRemoved(diff);
  const added = lines.filter((line) => line.kind === '+').map((line) => line.text);
  const removed = lines.filter((line) => line.kind === '-').map((line) => line.text);
  const patchLength = diff.length;
  const average =
    added.length === 0 ? 0 : added.reduce((sum, line) => sum + line.length, 0) / added.length;
  const isLarge = patchLength > LARGE_PATCH_CHARS;
  const isDense = average > DENSE_LINE_CHARS;
  const rule = criticalPathRule(relativePath);
  const found = WEAKENING_PATTERNS.filter((pattern) => pattern.matches(added, removed));

  const reasons: string[] = [];
  if (rule) reasons.push(`critical path (${rule})`);
  if (isLarge) reasons.push(`large patch (${patchLength} > ${LARGE_PATCH_CHARS} characters)`);
  if (isDense)
    reasons.push(`dense patch (added lines average ${average.toFixed(1)} > ${DENSE_LINE_CHARS})`);
  for (const pattern of found) reasons.push(`weakening pattern ${pattern.name}: ${pattern.label}`);

  const sized = isLarge || isDense;
  const decision: GateDecision =
    rule && sized && found.length > 0 ? 'BLOCK' : rule && sized ? 'WARN' : 'ALLOW';
  return {
    decision,
    reasons,
    patch_length: patchLength,
    avg_line_length: Math.round(average * 100) / 100,
    is_large_patch: isLarge,
    is_dense_patch: isDense,
    critical_path: rule !== null,
    weakening_patterns: found.map((pattern) => pattern.name),
  };
}

/** "Blocked by safety gate: <reasons>", the 422 body's error. */
export const blockedText = (verdict: GateVerdict) =>
  `Blocked by safety gate: ${verdict.reasons.join('; ')}`;
