import { Anchor, Badge, Button, EmptyState, Group, Skeleton, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { ScheduleDetail, ScheduleRun } from '../../api/schedules';
import { type Column, DataTable } from '../../components/data-table';
import { plural } from '../../components/format';
import { RelativeTime } from '../../components/relative-time';
import { useScheduleRuns } from '../../hooks/use-schedules';
import { TierBadge } from '../traces/trace-badges';
import { RunStatusBadge } from './schedule-parts';
import { formatDuration } from './schedule-time';

const text = (value: unknown) => (typeof value === 'string' && value ? value : null);

/** What a run did, by kind: the reply, the notification, what the check saw, why it was skipped. */
function RunResult({ run, schedule }: { run: ScheduleRun; schedule: ScheduleDetail }) {
  const detail = run.detail ?? {};
  if (run.status === 'skipped') {
    return (
      <Text size="sm" c="dimmed">
        {text(detail.reason) ?? 'Skipped'}
      </Text>
    );
  }
  if (run.status === 'running') {
    return (
      <Text size="sm" c="dimmed">
        In progress…
      </Text>
    );
  }
  if (schedule.kind === 'monitor') {
    const state = text(detail.state);
    const events = Array.isArray(detail.events)
      ? detail.events.filter((e) => typeof e === 'string')
      : [];
    const status = typeof detail.status === 'number' ? `HTTP ${detail.status}` : null;
    return (
      <Group gap={6} wrap="wrap">
        {state ? (
          <Badge variant="light" color={state === 'up' ? 'green' : 'red'}>
            {state}
          </Badge>
        ) : null}
        <Text size="sm" c={state === 'down' ? 'red.7' : 'dimmed'}>
          {text(detail.error) ?? status ?? ''}
        </Text>
        {events.map((event) => (
          <Badge key={event} variant="outline" color="grape" radius="sm" tt="none">
            {event}
          </Badge>
        ))}
      </Group>
    );
  }
  if (run.error) {
    return (
      <Text size="sm" c="red.7" lineClamp={2} title={run.error}>
        {run.error}
      </Text>
    );
  }
  if (schedule.kind === 'reminder') {
    return (
      <Text size="sm" c="dimmed">
        Notification raised
      </Text>
    );
  }
  const tier = text(detail.tier);
  const reply = text(detail.reply);
  return (
    <Group gap={6} wrap="nowrap" miw={0}>
      {tier === 'fast_path' || tier === 'decision_layer' || tier === 'llm_loop' ? (
        <TierBadge value={tier} size="sm" />
      ) : null}
      <Text size="sm" lineClamp={2} title={reply ?? undefined} data-testid="run-reply">
        {reply ?? ''}
      </Text>
    </Group>
  );
}

const columns = (schedule: ScheduleDetail): Column<ScheduleRun>[] => [
  {
    key: 'status',
    header: 'Status',
    width: 120,
    cell: (run) => <RunStatusBadge status={run.status} />,
  },
  {
    key: 'started',
    header: 'Started',
    width: 170,
    cell: (run) => <RelativeTime value={run.started_at} stacked />,
  },
  {
    key: 'duration',
    header: 'Duration',
    width: 100,
    align: 'right',
    priority: 2,
    cell: (run) => (
      <Text span size="sm" ff="monospace">
        {formatDuration(run.started_at, run.finished_at) ?? '—'}
      </Text>
    ),
  },
  {
    key: 'trigger',
    header: 'Trigger',
    width: 100,
    priority: 3,
    cell: (run) => (
      <Text span size="sm" c={run.trigger === 'manual' ? undefined : 'dimmed'}>
        {run.trigger === 'manual' ? 'Manual' : 'Scheduled'}
      </Text>
    ),
  },
  { key: 'result', header: 'Result', cell: (run) => <RunResult run={run} schedule={schedule} /> },
  {
    key: 'trace',
    header: 'Trace',
    width: 100,
    cell: (run) =>
      run.request_id ? (
        <Anchor
          component={Link}
          to={`/traces/${encodeURIComponent(run.request_id)}`}
          size="sm"
          style={{ whiteSpace: 'nowrap' }}
        >
          View trace
        </Anchor>
      ) : (
        <Text span size="sm" c="dimmed">
          —
        </Text>
      ),
  },
];

/** The runs of a schedule, newest first, paged on demand. */
export function RunHistory({ schedule }: { schedule: ScheduleDetail }) {
  const history = useScheduleRuns(schedule.schedule_id);
  const runs = history.data?.pages.flatMap((page) => page.runs) ?? [];

  if (history.isPending) return <Skeleton h={160} />;
  if (history.isError && runs.length === 0) {
    return (
      <EmptyState size="sm" title="The run history could not be loaded">
        <EmptyState.Actions>
          <Button variant="light" onClick={() => history.refetch()}>
            Try again
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    );
  }
  if (runs.length === 0) {
    return (
      <EmptyState
        size="sm"
        title="No runs yet"
        description={
          schedule.next_run_at
            ? 'The first run is recorded here when it falls due. Run now starts one at once.'
            : 'Nothing is queued. Run now starts a run at once.'
        }
      />
    );
  }
  return (
    <Stack gap="sm">
      <DataTable
        label="Run history"
        columns={columns(schedule)}
        rows={runs}
        rowKey={(run) => run.run_id}
        rowProps={(run) => ({ 'data-run-id': run.run_id, 'data-status': run.status })}
        empty={{ title: 'No runs yet', description: 'Each run of the schedule appears here.' }}
      />
      <Group justify="space-between">
        <Text size="sm" c="dimmed" data-testid="runs-count">
          {history.hasNextPage
            ? `Showing the newest ${plural(runs.length, 'run')}`
            : runs.length === 1
              ? 'The only run so far (a schedule keeps its newest 500)'
              : `All ${runs.length} runs shown (a schedule keeps its newest 500)`}
        </Text>
        {history.hasNextPage ? (
          <Button
            variant="light"
            onClick={() => history.fetchNextPage()}
            loading={history.isFetchingNextPage}
          >
            Load more
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}
