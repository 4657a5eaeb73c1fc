import { Badge, type BadgeProps, Group, List, Stack, Text } from '@mantine/core';
import type { Gate, GateDecision } from '../../api/self-improve';

export const GATE_COLORS: Record<GateDecision, string> = {
  ALLOW: 'green',
  WARN: 'yellow',
  BLOCK: 'red',
};

const GATE_MEANINGS: Record<GateDecision, string> = {
  ALLOW: 'The safety gate allows this patch.',
  WARN: 'A large or dense patch of a critical file: it can be applied, and the warning is audited.',
  BLOCK:
    'A large or dense patch of a critical file with a weakening pattern: it cannot be applied.',
};

export function GateBadge({
  decision,
  ...props
}: { decision: GateDecision } & Omit<BadgeProps, 'color' | 'children'>) {
  return (
    <Badge variant="light" color={GATE_COLORS[decision]} radius="sm" {...props}>
      Gate {decision}
    </Badge>
  );
}

/** The gate's decision, what it means, its reasons and the measures it judged. */
export function GateVerdict({ gate }: { gate: Gate }) {
  return (
    <Stack gap={6} data-testid="gate-verdict" data-decision={gate.decision}>
      <Group gap="xs">
        <GateBadge decision={gate.decision} />
        <Text size="sm">{GATE_MEANINGS[gate.decision]}</Text>
      </Group>
      {gate.reasons.length > 0 ? (
        <List size="sm" spacing={2} aria-label="Gate reasons">
          {gate.reasons.map((reason) => (
            <List.Item key={reason}>{reason}</List.Item>
          ))}
        </List>
      ) : null}
      <Text size="xs" c="dimmed">
        {gate.patch_length} characters of diff (large above 2000), added lines{' '}
        {gate.avg_line_length} characters on average (dense above 120)
        {gate.critical_path ? ', critical path' : ''}.
      </Text>
    </Stack>
  );
}
