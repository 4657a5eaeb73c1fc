import {
  Alert,
  Anchor,
  Button,
  EmptyState,
  Grid,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import type { ScheduleDetail } from '../../api/schedules';
import { formatAbsolute } from '../../components/format';
import { ChevronIcon } from '../../components/icons';
import { type KeyValue, KeyValueList } from '../../components/key-value-list';
import { PageHeader } from '../../components/page-header';
import { Panel } from '../../components/panel';
import { RelativeTime } from '../../components/relative-time';
import { useSchedule, useScheduleLiveUpdates } from '../../hooks/use-schedules';
import { DeleteScheduleDialog } from './delete-schedule-dialog';
import { RunHistory } from './run-history';
import { ScheduleFormDialog } from './schedule-form-dialog';
import {
  EnabledSwitch,
  KindBadge,
  LastRun,
  MonitorStateBadge,
  ScheduleActions,
} from './schedule-parts';
import { formatEvery, formatInZone } from './schedule-time';

const mono = (value: string) => (
  <Text span size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
    {value}
  </Text>
);

function timing(schedule: ScheduleDetail): KeyValue[] {
  if (schedule.kind === 'recurring') {
    return [
      { label: 'Cron', value: mono(schedule.cron ?? '') },
      { label: 'Time zone', value: schedule.time_zone },
    ];
  }
  if (schedule.kind === 'monitor') {
    return [
      {
        label: 'URL',
        value: schedule.url ? (
          <Anchor href={schedule.url} target="_blank" rel="noreferrer" size="sm" ff="monospace">
            {schedule.url}
          </Anchor>
        ) : null,
      },
      { label: 'Check', value: schedule.check === 'changed' ? 'content changed' : 'up / down' },
      {
        label: 'Interval',
        value: schedule.interval_seconds ? formatEvery(schedule.interval_seconds) : '—',
      },
      {
        label: 'Up means',
        value: schedule.expected_status
          ? `HTTP ${schedule.expected_status}`
          : 'any status below 400',
      },
    ];
  }
  return [
    {
      label: 'When',
      value: schedule.run_at ? mono(formatInZone(schedule.run_at, schedule.time_zone)) : '—',
    },
    {
      label: 'Your time',
      value: schedule.run_at ? formatAbsolute(schedule.run_at) : '—',
    },
  ];
}

function Configuration({ schedule }: { schedule: ScheduleDetail }) {
  return (
    <Panel title="Configuration">
      <KeyValueList
        items={[
          { label: 'Kind', value: <KindBadge kind={schedule.kind} /> },
          ...timing(schedule),
          { label: 'Enabled', value: schedule.enabled ? 'yes' : 'no' },
          { label: 'Last run', value: <LastRun schedule={schedule} /> },
          { label: 'Created by', value: schedule.created_by },
          { label: 'Created', value: <RelativeTime value={schedule.created_at} /> },
        ]}
      />
    </Panel>
  );
}

function Upcoming({ schedule }: { schedule: ScheduleDetail }) {
  return (
    <Panel title={schedule.kind === 'monitor' ? 'Next checks' : 'Upcoming'}>
      {schedule.upcoming.length === 0 ? (
        <Text size="sm" c="dimmed">
          {schedule.enabled
            ? 'Nothing is left to run. Set a new time, or use Run now.'
            : 'Disabled: nothing runs until you switch it on.'}
        </Text>
      ) : (
        <Stack gap={6} data-testid="upcoming">
          {schedule.upcoming.map((occurrence) => (
            <Group key={occurrence} justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm" ff="monospace">
                {formatInZone(occurrence, schedule.time_zone)}
              </Text>
              <Text size="xs" c="dimmed" miw="max-content">
                <RelativeTime value={occurrence} />
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Panel>
  );
}

function MonitorPanel({ schedule }: { schedule: ScheduleDetail }) {
  const monitor = schedule.monitor;
  return (
    <Panel title="Current state" aside={<MonitorStateBadge schedule={schedule} size="lg" />}>
      <KeyValueList
        items={[
          { label: 'Last status', value: monitor?.status ? `HTTP ${monitor.status}` : '—' },
          {
            label: 'Last checked',
            value: monitor?.last_checked_at ? (
              <RelativeTime value={monitor.last_checked_at} />
            ) : (
              'not yet'
            ),
          },
          {
            label: 'Last change',
            value: monitor?.last_change_at ? <RelativeTime value={monitor.last_change_at} /> : '—',
          },
        ]}
      />
      {monitor?.error ? (
        <Alert color="red" variant="light" p="xs">
          <Text size="sm">{monitor.error}</Text>
        </Alert>
      ) : null}
    </Panel>
  );
}

function Instruction({ schedule }: { schedule: ScheduleDetail }) {
  const body = schedule.kind === 'reminder' ? schedule.message : schedule.action?.text;
  if (!body) return null;
  return (
    <Panel title={schedule.kind === 'reminder' ? 'Message' : 'Prompt'}>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {body}
      </Text>
    </Panel>
  );
}

export function ScheduleDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { data: schedule, error, isPending, refetch } = useSchedule(id);
  useScheduleLiveUpdates();
  const missing = error instanceof ApiError && error.status === 404;
  const [editing, setEditing] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);

  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/scheduler" size="sm" w="fit-content">
        <Group gap={4} wrap="nowrap">
          <ChevronIcon size={14} style={{ transform: 'rotate(180deg)' }} />
          All schedules
        </Group>
      </Anchor>
      <PageHeader
        title={schedule?.name ?? 'Schedule'}
        description={
          schedule ? (
            <>
              Schedule{' '}
              <Text span ff="monospace" size="sm">
                {schedule.schedule_id}
              </Text>
            </>
          ) : undefined
        }
        aside={
          schedule ? (
            <>
              <EnabledSwitch schedule={schedule} />
              <ScheduleActions
                schedule={schedule}
                size="sm"
                onEdit={() => setEditing(true)}
                onDelete={() => setDeleteOpen(true)}
              />
            </>
          ) : null
        }
      />
      {schedule ? (
        <Grid gap="lg" align="flex-start">
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <Stack gap="lg">
              {schedule.kind === 'monitor' ? <MonitorPanel schedule={schedule} /> : null}
              <Upcoming schedule={schedule} />
              <Configuration schedule={schedule} />
              <Instruction schedule={schedule} />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 8 }}>
            <Panel
              title="Run history"
              aside={
                <Text size="xs" c="dimmed">
                  newest first
                </Text>
              }
            >
              <RunHistory schedule={schedule} />
            </Panel>
          </Grid.Col>
        </Grid>
      ) : isPending ? (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <Skeleton h={260} radius="md" />
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 8 }}>
            <Skeleton h={260} radius="md" />
          </Grid.Col>
        </Grid>
      ) : (
        <Paper withBorder radius="md">
          <EmptyState
            py={48}
            title={missing ? 'No schedule with this id' : 'The schedule could not be loaded'}
            description={
              missing
                ? 'It may have been deleted, with its run history.'
                : 'The runtime did not answer the request.'
            }
          >
            <EmptyState.Actions>
              {missing ? null : (
                <Button variant="light" onClick={() => refetch()}>
                  Try again
                </Button>
              )}
              <Button component={Link} to="/scheduler" variant="default">
                Back to the scheduler
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        </Paper>
      )}
      {editing && schedule ? (
        <ScheduleFormDialog
          opened
          kind={schedule.kind}
          schedule={schedule}
          onClose={() => setEditing(false)}
        />
      ) : null}
      <DeleteScheduleDialog
        opened={deleteOpen}
        schedule={schedule ?? null}
        onClose={() => setDeleteOpen(false)}
        onDeleted={() => navigate('/scheduler')}
      />
    </Stack>
  );
}
