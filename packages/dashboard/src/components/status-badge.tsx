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

export function StatusBadge({ status, ...props }: StatusBadgeProps) {
  return (
    <Badge variant="light" color={STATUS_COLORS[status] ?? 'gray'} {...props}>
      {status}
    </Badge>
  );
}

export const statusColor = (status: string) => STATUS_COLORS[status] ?? 'gray';
