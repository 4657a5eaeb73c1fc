import { Badge, type BadgeProps } from '@mantine/core';

/** Colours for every status word the runtime uses (overall and per component). */
const STATUS_COLORS: Record<string, string> = {
  ok: 'green',
  degraded: 'yellow',
  down: 'red',
  error: 'red',
  unconfigured: 'gray',
  unavailable: 'gray',
};

interface StatusBadgeProps extends Omit<BadgeProps, 'color' | 'children'> {
  status: string;
}

/** A status word is short and whole: the badge never shrinks to cut it ("UNCONFI…"). */
const WHOLE = { flexShrink: 0, maxWidth: 'none' } as const;

export function StatusBadge({ status, ...props }: StatusBadgeProps) {
  return (
    <Badge variant="light" color={STATUS_COLORS[status] ?? 'gray'} style={WHOLE} {...props}>
      {status}
    </Badge>
  );
}

export const statusColor = (status: string) => STATUS_COLORS[status] ?? 'gray';
