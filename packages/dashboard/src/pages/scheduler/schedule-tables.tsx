import { Anchor, Group, Stack, Text, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Schedule } from '../../api/schedules';
import { type Column, DataTable } from '../../components/data-table';
import { RelativeTime } from '../../components/relative-time';
import {
  EnabledSwitch,
  KindBadge,
  LastRun,
  MonitorStateBadge,
  NextRun,
  ScheduleActions,
  schedulePath,
} from './schedule-parts';
import { formatEvery, formatInZone } from './schedule-time';

export interface ScheduleRowHandlers {
  onEdit: (schedule: Schedule) => void;
  onDelete: (schedule: Schedule) => void;
}

function NameCell({ schedule, detail }: { schedule: Schedule; detail?: ReactNode }) {
  return (
    <Stack gap={2} maw={360}>
      <Anchor
        component={Link}
        to={schedulePath(schedule.schedule_id)}
        fw={600}
        size="sm"
        c="var(--mantine-color-text)"
        underline="hover"
        lineClamp={1}
        title={schedule.name}
      >
        {schedule.name}
      </Anchor>
      {detail}
    </Stack>
  );
}

const preview = (text: string | null | undefined) => (
  <Text size="xs" c="dimmed" lineClamp={1} title={text ?? undefined}>
    {text}
  </Text>
);

const RECURRING: Column<Schedule>[] = [
  {
    key: 'task',
    header: 'Task',
    cell: (schedule) => <NameCell schedule={schedule} detail={preview(schedule.action?.text)} />,
  },
  {
    key: 'schedule',
    header: 'Schedule',
    width: 170,
    cell: (schedule) => (
      <Stack gap={2}>
        <Text size="sm" ff="monospace" data-testid="schedule-cron">
          {schedule.cron}
        </Text>
        <Text size="xs" c="dimmed">
          {schedule.time_zone}
        </Text>
      </Stack>
    ),
  },
];

const ONE_OFF: Column<Schedule>[] = [
  {
    key: 'task',
    header: 'Task',
    cell: (schedule) => (
      <NameCell
        schedule={schedule}
        detail={
          <Group gap={6} wrap="nowrap">
            <KindBadge kind={schedule.kind} size="xs" />
            {preview(schedule.kind === 'reminder' ? schedule.message : schedule.action?.text)}
          </Group>
        }
      />
    ),
  },
  {
    key: 'when',
    header: 'When',
    width: 190,
    cell: (schedule) =>
      schedule.run_at ? (
        <Stack gap={2} style={{ whiteSpace: 'nowrap' }}>
          <Text size="sm" ff="monospace">
            {formatInZone(schedule.run_at, schedule.time_zone)}
          </Text>
          <Text size="xs" c="dimmed">
            {schedule.time_zone}
          </Text>
        </Stack>
      ) : null,
  },
];

function MonitorState({ schedule }: { schedule: Schedule }) {
  const monitor = schedule.monitor;
  const down = monitor?.state === 'down';
  return (
    <Stack gap={2} maw={240}>
      <Group gap={6} wrap="nowrap">
        <MonitorStateBadge schedule={schedule} />
        {monitor?.status ? (
          <Text size="xs" c={down ? 'red.7' : 'dimmed'} miw="max-content">
            HTTP {monitor.status}
          </Text>
        ) : null}
      </Group>
      {down && monitor?.error && monitor.error !== `HTTP ${monitor.status}` ? (
        <Text size="xs" c="red.7" lineClamp={2} title={monitor.error}>
          {monitor.error}
        </Text>
      ) : null}
      {monitor?.last_change_at ? (
        <Text size="xs" c="dimmed">
          since <RelativeTime value={monitor.last_change_at} />
        </Text>
      ) : null}
    </Stack>
  );
}

const MONITORS: Column<Schedule>[] = [
  {
    key: 'monitor',
    header: 'Monitor',
    cell: (schedule) => (
      <NameCell
        schedule={schedule}
        detail={
          <>
            <Text size="xs" c="dimmed" ff="monospace" lineClamp={1} title={schedule.url ?? ''}>
              {schedule.url}
            </Text>
            <Text size="xs" c="dimmed">
              {schedule.check === 'changed' ? 'up, down and content changes' : 'up and down'}
              {schedule.interval_seconds ? `, ${formatEvery(schedule.interval_seconds)}` : ''}
              {schedule.expected_status ? `, expects ${schedule.expected_status}` : ''}
            </Text>
          </>
        }
      />
    ),
  },
  {
    key: 'state',
    header: 'State',
    width: 200,
    cell: (schedule) => <MonitorState schedule={schedule} />,
  },
];

/** Enabled, next and last run; a monitor's runs are checks. */
/** Next and last run show a date with its zone on one line ("Mon, 30 Nov 2026, 09:00 UTC"). */
const RUN_WIDTH = 220;

const common = (checks: boolean): Column<Schedule>[] => [
  {
    key: 'enabled',
    header: 'Enabled',
    width: 90,
    cell: (schedule) => <EnabledSwitch schedule={schedule} />,
  },
  {
    key: 'next',
    header: checks ? 'Next check' : 'Next run',
    width: RUN_WIDTH,
    priority: 2,
    cell: (schedule) => <NextRun schedule={schedule} />,
  },
  {
    key: 'last',
    header: checks ? 'Last check' : 'Last run',
    width: RUN_WIDTH,
    priority: 3,
    cell: (schedule) => <LastRun schedule={schedule} />,
  },
];

const GROUPS = { recurring: RECURRING, oneOff: ONE_OFF, monitors: MONITORS };
export type ScheduleGroup = keyof typeof GROUPS;

export const GROUP_LABELS: Record<ScheduleGroup, string> = {
  recurring: 'Recurring tasks',
  oneOff: 'One-off tasks and reminders',
  monitors: 'Monitors',
};

interface ScheduleTableProps extends ScheduleRowHandlers {
  group: ScheduleGroup;
  schedules: Schedule[];
  loading: boolean;
}

/** One group of schedules: its own columns, then enabled, next run, last run and the actions. */
export function ScheduleTable({ group, schedules, loading, onEdit, onDelete }: ScheduleTableProps) {
  const columns: Column<Schedule>[] = [
    ...GROUPS[group],
    ...common(group === 'monitors'),
    {
      key: 'actions',
      header: (
        <Tooltip label="Run now keeps the timing as it is" withArrow>
          <span>Actions</span>
        </Tooltip>
      ),
      width: 250,
      cell: (schedule) => (
        <ScheduleActions
          schedule={schedule}
          onEdit={() => onEdit(schedule)}
          onDelete={() => onDelete(schedule)}
        />
      ),
    },
  ];
  return (
    <DataTable
      label={GROUP_LABELS[group]}
      columns={columns}
      rows={loading ? undefined : schedules}
      rowKey={(schedule) => schedule.schedule_id}
      rowProps={(schedule) => ({
        'data-schedule': schedule.name,
        'data-schedule-id': schedule.schedule_id,
        'data-enabled': String(schedule.enabled),
      })}
      loadingRows={2}
      empty={{ title: 'None yet', description: 'Schedules of this kind appear here.' }}
    />
  );
}
