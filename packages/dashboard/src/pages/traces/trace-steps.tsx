import { Badge, Text } from '@mantine/core';
import type { TraceStep } from '../../api/traces';
import { type Column, DataTable } from '../../components/data-table';
import { LevelBadge } from '../skills/level-badge';
import { formatLatency } from './trace-format';

const STEP_COLORS: Record<TraceStep['status'], string> = {
  done: 'green',
  error: 'red',
  denied: 'orange',
};

const COLUMNS: Column<{ step: TraceStep; number: number }>[] = [
  {
    key: 'number',
    header: '#',
    width: 48,
    cell: ({ number }) => (
      <Text span size="sm" c="dimmed">
        {number}
      </Text>
    ),
  },
  {
    key: 'skill',
    header: 'Skill',
    cell: ({ step }) => (
      <Text span size="sm" ff="monospace" fw={500}>
        {step.skill}
      </Text>
    ),
    truncate: ({ step }) => step.skill,
  },
  {
    key: 'level',
    header: 'Level',
    width: 130,
    priority: 2,
    cell: ({ step }) => <LevelBadge level={step.level} size="sm" />,
  },
  {
    key: 'status',
    header: 'Status',
    width: 100,
    cell: ({ step }) => (
      <Badge variant="light" size="sm" color={STEP_COLORS[step.status] ?? 'gray'}>
        {step.status}
      </Badge>
    ),
  },
  {
    key: 'duration',
    header: 'Duration',
    width: 100,
    align: 'right',
    cell: ({ step }) => (
      <Text span size="sm" ff="monospace">
        {formatLatency(step.duration_ms)}
      </Text>
    ),
  },
  {
    key: 'error',
    header: 'Error',
    priority: 2,
    cell: ({ step }) =>
      step.error ? (
        <Text size="sm" c="red">
          {step.error}
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          —
        </Text>
      ),
  },
];

/** The skills that ran for the request, in the order they started. */
export function TraceSteps({ steps }: { steps: TraceStep[] }) {
  if (steps.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No skill ran for this request.
      </Text>
    );
  }
  const numbered = steps.map((step, index) => ({ step, number: index + 1 }));
  return (
    <DataTable
      label="Steps"
      columns={COLUMNS}
      rows={numbered}
      // A skill may run twice: a step is known by its place in the order.
      rowKey={(row) => String(row.number)}
      empty={{ title: 'No steps', description: 'No skill ran for this request.' }}
    />
  );
}
