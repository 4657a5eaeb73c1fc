import type { StepStatus } from '../../api/chat';

/** Capability levels from the least to the most dangerous, coloured accordingly. */
const LEVEL_COLORS: Record<string, string> = {
  SAFE: 'teal',
  MONITORED: 'blue',
  CONTROLLED: 'yellow',
  RESTRICTED: 'orange',
  PRIVILEGED: 'red',
};

export const levelColor = (level: string) => LEVEL_COLORS[level.toUpperCase()] ?? 'gray';

export const STEP_STATUS: Record<StepStatus, { label: string; color: string }> = {
  running: { label: 'running', color: 'blue' },
  done: { label: 'done', color: 'teal' },
  error: { label: 'error', color: 'red' },
  awaiting_confirmation: { label: 'awaiting confirmation', color: 'yellow' },
  denied: { label: 'denied', color: 'orange' },
};

const TIERS: Record<string, string> = {
  fast_path: 'Fast path',
  decision_layer: 'Decision layer',
  llm_loop: 'Model loop',
};

export const tierLabel = (tier: string) => TIERS[tier] ?? tier;

/** JSON for people: indented, and a plain string shown as it is. */
export function formatJson(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}
