import { Box, Group, Text, Tooltip } from '@mantine/core';
import { TASK_STATUSES, type TaskStatus } from '../../api/goals';
import { TASK_STATUS } from './goal-badges';

/** A swatch per task status with its count, so the colours of the graph read at a glance. */
export function TaskGraphLegend({ counts }: { counts: Partial<Record<TaskStatus, number>> }) {
  return (
    <Group gap="md" wrap="wrap" data-testid="task-graph-legend">
      {TASK_STATUSES.map((status) => {
        const style = TASK_STATUS[status];
        const count = counts[status] ?? 0;
        return (
          <Tooltip key={status} label={style.hint} withArrow>
            <Group gap={6} wrap="nowrap" opacity={count > 0 ? 1 : 0.55} data-status={status}>
              <Box
                w={12}
                h={12}
                style={{
                  borderRadius: 4,
                  background: `var(--mantine-color-${style.color}-${status === 'pending' ? 0 : 1})`,
                  border: `1.5px ${status === 'pending' || status === 'cancelled' ? 'dashed' : 'solid'} var(--mantine-color-${style.color}-${status === 'pending' || status === 'cancelled' ? 4 : 6})`,
                }}
              />
              <Text size="xs" c="dimmed">
                {style.label}
                <Text span size="xs" fw={600} c="var(--mantine-color-text)" ml={4}>
                  {count}
                </Text>
              </Text>
            </Group>
          </Tooltip>
        );
      })}
    </Group>
  );
}
