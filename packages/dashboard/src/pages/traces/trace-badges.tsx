import { Badge, type BadgeProps } from '@mantine/core';
import type { GuardVerdict, TraceStatus, TraceTier } from '../../api/traces';

type Props<T> = Omit<BadgeProps, 'color' | 'children'> & { value: T };

/** The cheaper the tier, the calmer its colour. */
export const TIER_LABELS: Record<TraceTier, string> = {
  fast_path: 'Fast path',
  decision_layer: 'Decision layer',
  llm_loop: 'Model loop',
};
const TIER_COLORS: Record<TraceTier, string> = {
  fast_path: 'teal',
  decision_layer: 'blue',
  llm_loop: 'violet',
};

export function TierBadge({ value, ...props }: Props<TraceTier>) {
  return (
    <Badge
      variant="light"
      color={TIER_COLORS[value]}
      radius="sm"
      tt="none"
      title={value}
      // A table squeezing its columns must not cut the label to an ellipsis.
      miw="max-content"
      {...props}
    >
      {TIER_LABELS[value] ?? value}
    </Badge>
  );
}

const STATUS_COLORS: Record<TraceStatus, string> = { ok: 'green', error: 'red', cancelled: 'gray' };

export function TraceStatusBadge({ value, ...props }: Props<TraceStatus>) {
  return (
    <Badge variant="light" color={STATUS_COLORS[value] ?? 'gray'} miw="max-content" {...props}>
      {value}
    </Badge>
  );
}

/** pass is routine; anything else means a guard changed or stopped the request. */
export const VERDICT_COLORS: Record<GuardVerdict, string> = {
  pass: 'green',
  flag: 'yellow',
  redact: 'blue',
  block: 'red',
};

export function VerdictBadge({ value, ...props }: Props<GuardVerdict>) {
  return (
    <Badge
      variant={value === 'pass' ? 'light' : 'filled'}
      color={VERDICT_COLORS[value] ?? 'gray'}
      {...props}
    >
      {value}
    </Badge>
  );
}
