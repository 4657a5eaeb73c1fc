import { Anchor, Badge, Loader, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { RunningTask } from '../../api/state';
import { Panel } from '../../components/panel';
import { RelativeTime } from '../../components/relative-time';
import { useNow } from '../../hooks/use-now';
import { formatDuration, goalPath } from '../goals/goal-badges';
import { preview } from '../traces/trace-format';

/** Tasks a worker holds right now, with the lease that keeps another worker off them. */
export function RunningTasks({ running }: { running: RunningTask[] }) {
  const now = useNow(1_000);
  return (
    <Panel
      title="Running tasks"
      aside={
        <Badge
          variant="light"
          color={running.length > 0 ? 'blue' : 'gray'}
          data-testid="running-count"
        >
          {running.length} running
        </Badge>
      }
    >
      {running.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="running-none">
          No task is running. Ready tasks start when a worker is free and the Governor allows it.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={900}>
          <Table verticalSpacing="xs" aria-label="Running tasks">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Goal</Table.Th>
                <Table.Th>Task</Table.Th>
                <Table.Th ta="right">Attempt</Table.Th>
                <Table.Th>Since</Table.Th>
                <Table.Th>Lease holder</Table.Th>
                <Table.Th>Lease until</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {running.map((task) => (
                <Table.Tr key={task.run_id} data-testid="running-task">
                  <Table.Td maw={280}>
                    <Anchor
                      component={Link}
                      to={goalPath(task.goal_id)}
                      size="sm"
                      lineClamp={1}
                      title={task.objective}
                    >
                      {preview(task.objective, 80)}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Anchor
                      component={Link}
                      to={`${goalPath(task.goal_id)}?task=${encodeURIComponent(task.task_id)}`}
                      size="sm"
                      fw={500}
                      c="var(--mantine-color-text)"
                    >
                      <Loader size={10} mr={6} />
                      {task.title}
                    </Anchor>
                  </Table.Td>
                  <Table.Td ta="right" ff="monospace">
                    {task.attempt}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      <RelativeTime value={task.since} />{' '}
                      <Text span size="xs" c="dimmed" ff="monospace">
                        ({formatDuration(Math.max(0, now - Date.parse(task.since)))})
                      </Text>
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" ff="monospace">
                      {task.lease_owner || '—'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {task.lease_until ? (
                      <Text size="sm">
                        <RelativeTime value={task.lease_until} />
                      </Text>
                    ) : (
                      '—'
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Panel>
  );
}
