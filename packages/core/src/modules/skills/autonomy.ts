import { z } from 'zod';
import type { CapabilityLevel } from './skill.js';

/** SPEC's autonomy modes; SEMI is the default. */
export const AUTONOMY_MODES = ['SEMI', 'MANUAL', 'FULL'] as const;
export type AutonomyMode = (typeof AUTONOMY_MODES)[number];
export const autonomyModeSchema = z.enum(AUTONOMY_MODES);
export const DEFAULT_AUTONOMY_MODE: AutonomyMode = 'SEMI';

/** Levels that need the operator's confirmation in each mode (SPEC's autonomy table). */
const CONFIRMED_LEVELS: Record<AutonomyMode, ReadonlySet<CapabilityLevel>> = {
  SEMI: new Set(['RESTRICTED', 'PRIVILEGED']),
  MANUAL: new Set(['SAFE', 'MONITORED', 'CONTROLLED', 'RESTRICTED', 'PRIVILEGED']),
  FULL: new Set(),
};

/** Levels whose every call writes an audit row (SPEC's capability table: CONTROLLED and up). */
const AUDITED_LEVELS: ReadonlySet<CapabilityLevel> = new Set([
  'CONTROLLED',
  'RESTRICTED',
  'PRIVILEGED',
]);

/**
 * Whether a call waits for the operator. A tainted run (one that has read untrusted content,
 * with the untrusted_content_guard flag on) asks for RESTRICTED and PRIVILEGED calls in every
 * mode, FULL included: FULL trusts the operator's requests, not a web page's.
 */
export function needsConfirmation(
  level: CapabilityLevel,
  mode: AutonomyMode,
  tainted = false,
): boolean {
  return CONFIRMED_LEVELS[mode].has(level) || (tainted && needsSimulation(level));
}

export function isAudited(level: CapabilityLevel): boolean {
  return AUDITED_LEVELS.has(level);
}

/** RESTRICTED and PRIVILEGED confirmations carry a dry-run preview. */
export function needsSimulation(level: CapabilityLevel): boolean {
  return level === 'RESTRICTED' || level === 'PRIVILEGED';
}
