import { Badge, Button, EmptyState, Group, Paper, Stack } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import type { Schedule, ScheduleKind } from '../../api/schedules';
import { PlusIcon, SchedulerIcon } from '../../components/icons';
import { PageHeader } from '../../components/page-header';
import { Panel } from '../../components/panel';
import { UpdatedAgo } from '../../components/updated-ago';
import { useScheduleLiveUpdates, useSchedules } from '../../hooks/use-schedules';
import { DeleteScheduleDialog } from './delete-schedule-dialog';
import { ScheduleFormDialog } from './schedule-form-dialog';
import { GROUP_LABELS, type ScheduleGroup, ScheduleTable } from './schedule-tables';

const GROUP_KINDS: Record<ScheduleGroup, ScheduleKind[]> = {
  recurring: ['recurring'],
  oneOff: ['once', 'reminder'],
  monitors: ['monitor'],
};

const EMPTY: Record<ScheduleGroup, { title: string; description: string }> = {
  recurring: {
    title: 'No recurring tasks',
    description:
      'A recurring task sends the agent a prompt on a cron schedule, in the time zone you choose: a morning summary on weekdays, a weekly report.',
  },
  oneOff: {
    title: 'No one-off tasks or reminders',
    description:
      'A one-off task runs a prompt once at a set time; a reminder raises a notification. The agent also sets reminders through its reminders skill.',
  },
  monitors: {
    title: 'No monitors',
    description:
      'A monitor fetches a URL at an interval and notifies you when it goes down, comes back or, if you ask, changes.',
  },
};

interface EditorState {
  kind: ScheduleKind;
  schedule: Schedule | null;
}

export function SchedulerPage() {
  const list = useSchedules();
  useScheduleLiveUpdates();
  const schedules = list.data ?? [];
  const [editor, setEditor] = useState<EditorState | null>(null);
  // The dialog keeps its schedule while it animates closed.
  const [deleting, setDeleting] = useState<Schedule | null>(null);
  const [deleteOpen, setDeleteOpen] = useState(false);

  const add = (kind: ScheduleKind) => setEditor({ kind, schedule: null });
  const handlers = {
    onEdit: (schedule: Schedule) => setEditor({ kind: schedule.kind, schedule }),
    onDelete: (schedule: Schedule) => {
      setDeleting(schedule);
      setDeleteOpen(true);
    },
  };

  const addButtons: Record<ScheduleGroup, ReactNode> = {
    recurring: (
      <Button
        size="xs"
        variant="light"
        leftSection={<PlusIcon size={14} />}
        onClick={() => add('recurring')}
      >
        Add recurring task
      </Button>
    ),
    oneOff: (
      <Group gap={6}>
        <Button
          size="xs"
          variant="light"
          leftSection={<PlusIcon size={14} />}
          onClick={() => add('once')}
        >
          Add one-off task
        </Button>
        <Button
          size="xs"
          variant="light"
          leftSection={<PlusIcon size={14} />}
          onClick={() => add('reminder')}
        >
          Add reminder
        </Button>
      </Group>
    ),
    monitors: (
      <Button
        size="xs"
        variant="light"
        leftSection={<PlusIcon size={14} />}
        onClick={() => add('monitor')}
      >
        Add monitor
      </Button>
    ),
  };

  const group = (name: ScheduleGroup) => {
    const members = schedules.filter((schedule) => GROUP_KINDS[name].includes(schedule.kind));
    return (
      <Panel
        key={name}
        title={GROUP_LABELS[name]}
        aside={
          <Group gap="sm">
            {list.data ? (
              <Badge variant="light" color={members.length > 0 ? 'indigo' : 'gray'}>
                {members.length}
              </Badge>
            ) : null}
            {addButtons[name]}
          </Group>
        }
      >
        <div data-testid={`group-${name}`}>
          {!list.isPending && members.length === 0 ? (
            <EmptyState
              size="sm"
              py="lg"
              title={EMPTY[name].title}
              description={EMPTY[name].description}
            />
          ) : (
            <ScheduleTable
              group={name}
              schedules={members}
              loading={list.isPending}
              {...handlers}
            />
          )}
        </div>
      </Panel>
    );
  };

  return (
    <Stack gap="lg">
      <PageHeader
        title="Scheduler"
        description="Work the agent does on its own time: prompts on a cron schedule or once, reminders, and monitors that watch a URL. Schedules survive restarts and a Panic Reset."
        aside={<UpdatedAgo updatedAt={list.dataUpdatedAt} fetching={list.isFetching} />}
      />
      {list.isError && !list.data ? (
        <Paper withBorder radius="md">
          <EmptyState
            py={48}
            icon={<SchedulerIcon size={28} />}
            withIndicatorBackground
            title="The schedules could not be loaded"
            description="The runtime did not answer the request."
          >
            <EmptyState.Actions>
              <Button variant="light" onClick={() => list.refetch()}>
                Try again
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        </Paper>
      ) : (
        (['recurring', 'oneOff', 'monitors'] as const).map(group)
      )}
      {/* Remounted per use, so each opens with fresh fields. */}
      {editor ? (
        <ScheduleFormDialog
          key={editor.schedule?.schedule_id ?? editor.kind}
          opened
          kind={editor.kind}
          schedule={editor.schedule}
          onClose={() => setEditor(null)}
        />
      ) : null}
      <DeleteScheduleDialog
        opened={deleteOpen}
        schedule={deleting}
        onClose={() => setDeleteOpen(false)}
      />
    </Stack>
  );
}
