import { Badge, type BadgeProps } from '@mantine/core';
import type { BreakerStateName, RiskLevel } from '../../api/integrations';

const BREAKER_COLORS: Record<BreakerStateName, string> = {
  CLOSED: 'green',
  HALF_OPEN: 'yellow',
  OPEN: 'red',
};

const BREAKER_LABELS: Record<BreakerStateName, string> = {
  CLOSED: 'closed',
  HALF_OPEN: 'half open',
  OPEN: 'open',
};

type Props = Omit<BadgeProps, 'color' | 'children'>;

export function BreakerBadge({ state, ...props }: Props & { state: BreakerStateName }) {
  return (
    <Badge
      variant="light"
      color={BREAKER_COLORS[state]}
      miw="max-content"
      data-testid="breaker-state"
      data-state={state}
      {...props}
    >
      Breaker {BREAKER_LABELS[state]}
    </Badge>
  );
}

const RISK_COLORS: Record<RiskLevel, string> = {
  read: 'teal',
  write: 'orange',
  destructive: 'red',
};

export function RiskBadge({ risk, ...props }: Props & { risk: RiskLevel }) {
  return (
    <Badge variant="outline" radius="sm" color={RISK_COLORS[risk]} miw="max-content" {...props}>
      {risk}
    </Badge>
  );
}

export function ConfiguredBadge({ configured, ...props }: Props & { configured: boolean }) {
  return (
    <Badge
      variant={configured ? 'light' : 'outline'}
      color={configured ? 'blue' : 'gray'}
      miw="max-content"
      {...props}
    >
      {configured ? 'Configured' : 'Not configured'}
    </Badge>
  );
}
