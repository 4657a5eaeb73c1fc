import { Alert, Anchor, Grid, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { ScheduleDetail } from '../../api/schedules';
import { DetailPage } from '../../components/detail-page';
import { formatAbsolute } from '../../components/format';
import { type KeyValue, KeyValueList } from '../../components/key-value-list';
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
  const query = useSchedule(id);
  const schedule = query.data;
  useScheduleLiveUpdates();
  const [editing, setEditing] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);

  return (
    <>
      <DetailPage
        query={query}
        back={{ to: '/scheduler', label: 'All schedules' }}
        title={schedule?.name ?? 'Schedule'}
        noun="schedule"
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
        aside={(loaded) => (
          <>
            <EnabledSwitch schedule={loaded} />
            <ScheduleActions
              schedule={loaded}
              size="sm"
              onEdit={() => setEditing(true)}
              onDelete={() => setDeleteOpen(true)}
            />
          </>
        )}
        notFound={{
          title: 'No schedule with this id',
          description: 'It may have been deleted, with its run history.',
        }}
        skeleton={
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, lg: 4 }}>
              <Skeleton h={260} radius="md" />
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 8 }}>
              <Skeleton h={260} radius="md" />
            </Grid.Col>
          </Grid>
        }
      >
        {(loaded) => (
          <Grid gap="lg" align="flex-start">
            <Grid.Col span={{ base: 12, lg: 4 }}>
              <Stack gap="lg">
                {loaded.kind === 'monitor' ? <MonitorPanel schedule={loaded} /> : null}
                <Upcoming schedule={loaded} />
                <Configuration schedule={loaded} />
                <Instruction schedule={loaded} />
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
                <RunHistory schedule={loaded} />
              </Panel>
            </Grid.Col>
          </Grid>
        )}
      </DetailPage>
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
    </>
  );
}
