import { Badge, Table, Text } from '@mantine/core';
import type { TraceStep } from '../../api/traces';
import { LevelBadge } from '../skills/level-badge';
import { formatLatency } from './trace-format';

const STEP_COLORS: Record<TraceStep['status'], string> = {
  done: 'green',
  error: 'red',
  denied: 'orange',
};

/** The skills that ran for the request, in the order they started. */
export function TraceSteps({ steps }: { steps: TraceStep[] }) {
  if (steps.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No skill ran for this request.
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="xs" aria-label="Steps">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>#</Table.Th>
            <Table.Th>Skill</Table.Th>
            <Table.Th>Level</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th ta="right">Duration</Table.Th>
            <Table.Th>Error</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {steps.map((step, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: steps are fixed and a skill may run twice
            <Table.Tr key={index}>
              <Table.Td>
                <Text size="sm" c="dimmed">
                  {index + 1}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" ff="monospace" fw={500}>
                  {step.skill}
                </Text>
              </Table.Td>
              <Table.Td>
                <LevelBadge level={step.level} size="sm" />
              </Table.Td>
              <Table.Td>
                <Badge variant="light" size="sm" color={STEP_COLORS[step.status] ?? 'gray'}>
                  {step.status}
                </Badge>
              </Table.Td>
              <Table.Td ta="right">
                <Text size="sm" ff="monospace">
                  {formatLatency(step.duration_ms)}
                </Text>
              </Table.Td>
              <Table.Td>
                {step.error ? (
                  <Text size="sm" c="red" style={{ wordBreak: 'break-word' }}>
                    {step.error}
                  </Text>
                ) : (
                  <Text size="sm" c="dimmed">
                    —
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
