import {
  Alert,
  Badge,
  type BadgeProps,
  Button,
  Group,
  Loader,
  Stack,
  Switch,
  Text,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { RunStatus, Schedule, ScheduleKind } from '../../api/schedules';
import { RelativeTime } from '../../components/relative-time';
import { useRunSchedule, useToggleSchedule } from '../../hooks/use-schedules';
import { formatInZone } from './schedule-time';

export const schedulePath = (id: string) => `/scheduler/${encodeURIComponent(id)}`;

/** Why a private address was refused and how to allow one; the monitor and feed forms show it. */
export function BlockedAddress({ hint }: { hint: string | undefined }) {
  if (!hint) return null;
  return (
    <Alert color="orange" variant="light" title="Private address" data-testid="url-blocked">
      {hint}
    </Alert>
  );
}

export const KIND_LABELS: Record<ScheduleKind, string> = {
  recurring: 'Recurring task',
  once: 'One-off task',
  reminder: 'Reminder',
  monitor: 'Monitor',
};
const KIND_COLORS: Record<ScheduleKind, string> = {
  recurring: 'indigo',
  once: 'violet',
  reminder: 'pink',
  monitor: 'cyan',
};

export function KindBadge({ kind, ...props }: { kind: ScheduleKind } & Omit<BadgeProps, 'color'>) {
  return (
    <Badge
      variant="light"
      color={KIND_COLORS[kind]}
      radius="sm"
      tt="none"
      miw="max-content"
      {...props}
    >
      {KIND_LABELS[kind]}
    </Badge>
  );
}

const RUN_COLORS: Record<RunStatus, string> = {
  running: 'blue',
  ok: 'green',
  error: 'red',
  skipped: 'gray',
};

export function RunStatusBadge({
  status,
  ...props
}: { status: RunStatus } & Omit<BadgeProps, 'color' | 'children'>) {
  return (
    <Badge
      variant="light"
      color={RUN_COLORS[status] ?? 'gray'}
      miw="max-content"
      leftSection={status === 'running' ? <Loader size={10} color="blue" /> : undefined}
      data-testid="run-status"
      {...props}
    >
      {status}
    </Badge>
  );
}

/** Up, down, or not checked yet. */
export function MonitorStateBadge({
  schedule,
  ...props
}: { schedule: Schedule } & Omit<BadgeProps, 'color' | 'children'>) {
  const state = schedule.monitor?.state ?? null;
  const color = state === 'up' ? 'green' : state === 'down' ? 'red' : 'gray';
  const label = state ?? 'not checked';
  return (
    <Badge
      variant={state === 'down' ? 'filled' : 'light'}
      color={color}
      miw="max-content"
      data-testid="monitor-state"
      data-state={state ?? 'unknown'}
      {...props}
    >
      {label}
    </Badge>
  );
}

const dash = (
  <Text size="sm" c="dimmed">
    —
  </Text>
);

/** When the queued occurrence falls due, in the operator's time and the schedule's zone. */
export function NextRun({ schedule }: { schedule: Schedule }) {
  if (!schedule.next_run_at) {
    return (
      <Text size="sm" c="dimmed">
        {schedule.enabled ? 'nothing left to run' : 'disabled'}
      </Text>
    );
  }
  return (
    <Tooltip label={formatInZone(schedule.next_run_at, schedule.time_zone)} withArrow>
      <Stack gap={0} data-testid="next-run" style={{ whiteSpace: 'nowrap' }}>
        <Text size="sm">
          <RelativeTime value={schedule.next_run_at} />
        </Text>
        <Text size="xs" c="dimmed" ff="monospace">
          {formatInZone(schedule.next_run_at, schedule.time_zone)}
        </Text>
      </Stack>
    </Tooltip>
  );
}

/** When the latest run started and how it ended. */
export function LastRun({ schedule }: { schedule: Schedule }) {
  if (!schedule.last_run_at) return dash;
  return (
    <Group gap={6} wrap="nowrap">
      {schedule.last_status ? <RunStatusBadge status={schedule.last_status} size="sm" /> : null}
      <Text size="sm" miw="max-content">
        <RelativeTime value={schedule.last_run_at} />
      </Text>
    </Group>
  );
}

export function EnabledSwitch({ schedule }: { schedule: Schedule }) {
  const toggle = useToggleSchedule();
  const pending = toggle.isPending && toggle.variables?.id === schedule.schedule_id;
  const checked = pending ? Boolean(toggle.variables?.enabled) : schedule.enabled;
  return (
    <Switch
      checked={checked}
      onChange={(event) =>
        toggle.mutate({ id: schedule.schedule_id, enabled: event.currentTarget.checked })
      }
      disabled={pending}
      aria-label={`Enabled: ${schedule.name}`}
      label={checked ? 'On' : 'Off'}
      size="sm"
    />
  );
}

interface ScheduleActionsProps {
  schedule: Schedule;
  onEdit: () => void;
  onDelete: () => void;
  size?: 'xs' | 'sm';
}

/** Run now, Edit, Delete. */
export function ScheduleActions({ schedule, onEdit, onDelete, size = 'xs' }: ScheduleActionsProps) {
  const run = useRunSchedule();
  const runNow = () =>
    run.mutate(schedule.schedule_id, {
      onSuccess: () =>
        notifications.show({
          color: 'blue',
          title: schedule.kind === 'monitor' ? 'Checking now' : 'Running now',
          message: `${schedule.name}: a manual run started. Its timing is unchanged.`,
        }),
    });
  return (
    <Group gap={6} wrap="nowrap">
      <Button size={size} variant="light" onClick={runNow} loading={run.isPending}>
        {schedule.kind === 'monitor' ? 'Check now' : 'Run now'}
      </Button>
      <Button size={size} variant="default" onClick={onEdit}>
        Edit
      </Button>
      <Button size={size} variant="subtle" color="red" onClick={onDelete}>
        Delete
      </Button>
    </Group>
  );
}
