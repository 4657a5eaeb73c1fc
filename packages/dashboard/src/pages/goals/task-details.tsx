import {
  Alert,
  Anchor,
  Badge,
  Code,
  Grid,
  Group,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { Link } from 'react-router';
import type { GoalDetail, GoalTask, TaskRun } from '../../api/goals';
import { type Column, DataTable } from '../../components/data-table';
import { KeyValueList } from '../../components/key-value-list';
import { ModelText } from '../../components/model-text';
import { RelativeTime } from '../../components/relative-time';
import { tracePath } from '../traces/traces-table';
import {
  formatDuration,
  formatTokens,
  RunStatusBadge,
  TASK_STATUS,
  TaskStatusBadge,
} from './goal-badges';

function Block({ text, testId, empty }: { text: string | null; testId: string; empty: string }) {
  if (!text) {
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  }
  return (
    <Code
      block
      data-testid={testId}
      style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', maxHeight: 320, overflow: 'auto' }}
    >
      <ModelText text={text} />
    </Code>
  );
}

function Heading({ children }: { children: string }) {
  return (
    <Text size="xs" fw={700} c="dimmed" tt="uppercase" lts={0.5}>
      {children}
    </Text>
  );
}

/** Other tasks as chips in their status colour; a click selects one. */
function TaskChips({
  tasks,
  onSelect,
  none,
}: {
  tasks: GoalTask[];
  onSelect: (taskId: string) => void;
  none: string;
}) {
  if (tasks.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {none}
      </Text>
    );
  }
  return (
    <Group gap={6}>
      {tasks.map((task) => (
        <UnstyledButton key={task.task_id} onClick={() => onSelect(task.task_id)}>
          <Badge
            variant="light"
            color={TASK_STATUS[task.status]?.color ?? 'gray'}
            tt="none"
            radius="sm"
            style={{ cursor: 'pointer', maxWidth: 260 }}
            title={`${task.title} (${task.status})`}
          >
            #{task.position} {task.title}
          </Badge>
        </UnstyledButton>
      ))}
    </Group>
  );
}

const ATTEMPT_COLUMNS: Column<TaskRun>[] = [
  { key: 'attempt', header: '#', width: 48, cell: (run) => run.attempt },
  {
    key: 'status',
    header: 'Status',
    width: 120,
    cell: (run) => <RunStatusBadge value={run.status} />,
  },
  {
    key: 'started',
    header: 'Started',
    width: 130,
    cell: (run) => <RelativeTime value={run.started_at} />,
  },
  {
    key: 'duration',
    header: 'Duration',
    width: 100,
    align: 'right',
    priority: 2,
    cell: (run) => (
      <Text span size="sm" ff="monospace">
        {run.duration_ms === null ? '—' : formatDuration(run.duration_ms)}
      </Text>
    ),
  },
  {
    key: 'tokens',
    header: 'Tokens',
    width: 90,
    align: 'right',
    priority: 3,
    cell: (run) => (
      <Text span size="sm" ff="monospace">
        {run.tokens > 0 ? formatTokens(run.tokens) : '—'}
      </Text>
    ),
  },
  {
    key: 'trace',
    header: 'Trace',
    cell: (run) =>
      run.request_id ? (
        <Anchor component={Link} to={tracePath(run.request_id)} size="sm">
          Open
        </Anchor>
      ) : (
        <Text span size="sm" c="dimmed">
          —
        </Text>
      ),
  },
];

function Attempts({ runs }: { runs: TaskRun[] }) {
  if (runs.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No attempt yet.
      </Text>
    );
  }
  return (
    <DataTable
      label="Attempts"
      columns={ATTEMPT_COLUMNS}
      rows={runs}
      rowKey={(run) => run.run_id}
      empty={{ title: 'No attempt yet', description: 'Each run of the task appears here.' }}
    />
  );
}

interface TaskDetailsProps {
  task: GoalTask;
  goal: GoalDetail;
  /** This task's attempts, newest first. */
  runs: TaskRun[];
  onSelect: (taskId: string) => void;
}

/** Everything about the task selected in the graph: what it was told, what it answered, why it failed. */
export function TaskDetails({ task, goal, runs, onSelect }: TaskDetailsProps) {
  const byId = new Map(goal.tasks.map((other) => [other.task_id, other]));
  const dependsOn = task.depends_on.flatMap((id) => byId.get(id) ?? []);
  const neededBy = goal.tasks.filter((other) => other.depends_on.includes(task.task_id));

  return (
    <Stack gap="md" data-testid="task-details" data-task-id={task.task_id}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600} size="lg" style={{ overflowWrap: 'anywhere' }}>
            {task.title}
          </Text>
          <Text size="xs" c="dimmed" ff="monospace">
            #{task.position} · {task.task_id}
          </Text>
        </Stack>
        <TaskStatusBadge value={task.status} size="lg" />
      </Group>
      {task.error ? (
        <Alert color="red" variant="light" title="Last failure" data-testid="task-error">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {task.error}
          </Text>
        </Alert>
      ) : null}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            <Stack gap={6}>
              <Heading>Instruction</Heading>
              <Block text={task.instruction} testId="task-instruction" empty="No instruction." />
            </Stack>
            <Stack gap={6}>
              <Heading>Result</Heading>
              <Block
                text={task.result}
                testId="task-result"
                empty={
                  task.status === 'running'
                    ? 'Running: the result appears here when the attempt finishes.'
                    : task.status === 'cancelled'
                      ? 'Cancelled before it started.'
                      : 'No result yet.'
                }
              />
            </Stack>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            <KeyValueList
              items={[
                { label: 'Attempts', value: task.attempts },
                { label: 'Tokens', value: task.tokens > 0 ? formatTokens(task.tokens) : '—' },
                { label: 'Added by', value: task.created_by },
                { label: 'Created', value: <RelativeTime value={task.created_at} /> },
                {
                  label: 'Finished',
                  value: task.finished_at ? <RelativeTime value={task.finished_at} /> : '—',
                },
                {
                  label: 'Decision trace',
                  value: task.request_id ? (
                    <Anchor
                      component={Link}
                      to={tracePath(task.request_id)}
                      size="sm"
                      data-testid="task-trace-link"
                    >
                      Open the trace
                    </Anchor>
                  ) : (
                    '—'
                  ),
                },
              ]}
            />
            <Stack gap={6}>
              <Heading>Depends on</Heading>
              <TaskChips
                tasks={dependsOn}
                onSelect={onSelect}
                none="Nothing: it can start first."
              />
            </Stack>
            <Stack gap={6}>
              <Heading>Needed by</Heading>
              <TaskChips tasks={neededBy} onSelect={onSelect} none="No task waits for it." />
            </Stack>
          </Stack>
        </Grid.Col>
      </Grid>
      <Stack gap={6}>
        <Heading>Attempts</Heading>
        <Attempts runs={runs} />
      </Stack>
    </Stack>
  );
}
