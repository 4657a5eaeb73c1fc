import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ApiError } from '../../api/client';
import type { Goal, GoalCommand, GoalStatus } from '../../api/goals';
import { ArchiveIcon, PauseIcon, PlayIcon } from '../../components/icons';
import { useGoalCommand } from '../../hooks/use-goals';

/** Which changes a status allows (docs/api/goals.md, Goal statuses); anything else is a 409. */
export const allowedCommands = (status: GoalStatus) => ({
  pause: status === 'active',
  resume: status === 'paused',
  archive: status !== 'archived',
});

const DONE: Record<GoalCommand, string> = {
  pause: 'paused: no new task starts; a running one finishes',
  resume: 'resumed: its ready tasks are queued again',
  archive: 'archived: tasks that had not started were cancelled',
};

/** A refused change is the runtime's word on the goal's real status, shown as it says it. */
function useRunCommand() {
  const command = useGoalCommand();
  const run = (goal: Pick<Goal, 'goal_id'>, name: GoalCommand, onDone?: () => void) =>
    command.mutate(
      { id: goal.goal_id, command: name },
      {
        onSuccess: () => {
          notifications.show({
            color: 'green',
            title: 'Goal updated',
            message: `The goal was ${DONE[name]}.`,
          });
          onDone?.();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'invalid_transition') {
            notifications.show({
              color: 'orange',
              title: 'Not possible in its current state',
              message: `${error.message}. The goal was read again.`,
            });
            onDone?.();
          }
        },
      },
    );
  return { command, run };
}

interface ArchiveDialogProps {
  goal: Goal | null;
  opened: boolean;
  onClose: () => void;
}

export function ArchiveGoalDialog({ goal, opened, onClose }: ArchiveDialogProps) {
  const { command, run } = useRunCommand();
  const working = goal?.status === 'active' || goal?.status === 'paused';
  return (
    <Modal opened={opened} onClose={onClose} title="Archive this goal?" centered>
      <Stack gap="md">
        {goal ? (
          <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }} lineClamp={3}>
            {goal.objective}
          </Text>
        ) : null}
        <Text size="sm">
          {working
            ? 'Its tasks that have not started are cancelled. A task running now finishes, but nothing follows it. '
            : ''}
          An archived goal cannot be resumed; it stays listed under Archived with its task graph and
          results.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            color="red"
            loading={command.isPending}
            onClick={() => goal && run(goal, 'archive', onClose)}
          >
            Archive goal
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

interface GoalControlsProps {
  goal: Goal;
  size?: 'xs' | 'sm';
  /** Archive asks first: the caller shows ArchiveGoalDialog. */
  onArchive: (goal: Goal) => void;
}

/** Pause or Resume, and Archive, as the goal's status allows. */
export function GoalControls({ goal, size = 'xs', onArchive }: GoalControlsProps) {
  const { command, run } = useRunCommand();
  const allowed = allowedCommands(goal.status);
  const iconSize = size === 'xs' ? 14 : 16;
  const busy = (name: GoalCommand) => command.isPending && command.variables?.command === name;

  return (
    <Group gap={6} wrap="nowrap">
      {allowed.resume ? (
        <Button
          size={size}
          variant="light"
          color="teal"
          leftSection={<PlayIcon size={iconSize} />}
          loading={busy('resume')}
          onClick={() => run(goal, 'resume')}
        >
          Resume
        </Button>
      ) : allowed.pause ? (
        <Button
          size={size}
          variant="default"
          leftSection={<PauseIcon size={iconSize} />}
          loading={busy('pause')}
          onClick={() => run(goal, 'pause')}
        >
          Pause
        </Button>
      ) : null}
      {allowed.archive ? (
        <Button
          size={size}
          variant="subtle"
          color="red"
          leftSection={<ArchiveIcon size={iconSize} />}
          onClick={() => onArchive(goal)}
        >
          Archive
        </Button>
      ) : null}
    </Group>
  );
}
