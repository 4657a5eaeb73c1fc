import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ApiError } from '../../api/client';
import type { Goal, GoalCommand, GoalStatus } from '../../api/goals';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { formErrors } from '../../components/form-errors';
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

/**
 * A refused change is the runtime's word on the goal's real status, shown as it says it; the
 * promise then resolves, as the change is settled either way. Any other refusal rejects it.
 */
function useRunCommand(shownByForm = false) {
  const command = useGoalCommand(shownByForm);
  const run = (goal: Pick<Goal, 'goal_id'>, name: GoalCommand) =>
    command.mutateAsync({ id: goal.goal_id, command: name }).then(
      () => {
        notifications.show({
          color: 'green',
          title: 'Goal updated',
          message: `The goal was ${DONE[name]}.`,
        });
      },
      (error: unknown) => {
        if (!(error instanceof ApiError && error.code === 'invalid_transition')) throw error;
        notifications.show({
          color: 'orange',
          title: 'Not possible in its current state',
          message: `${error.message}. The goal was read again.`,
        });
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
  const { command, run } = useRunCommand(true);
  const working = goal?.status === 'active' || goal?.status === 'paused';
  return (
    <ConfirmDialog
      opened={opened}
      onClose={onClose}
      onReset={command.reset}
      title="Archive this goal?"
      confirmLabel="Archive goal"
      onConfirm={() => (goal ? run(goal, 'archive') : undefined)}
      busy={command.isPending}
      refusal={formErrors(command.error, {}).refusal}
    >
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
    </ConfirmDialog>
  );
}

/** The one error handler has already shown the refusal as a toast. */
const shownInToast = () => undefined;

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
          onClick={() => run(goal, 'resume').catch(shownInToast)}
        >
          Resume
        </Button>
      ) : allowed.pause ? (
        <Button
          size={size}
          variant="default"
          leftSection={<PauseIcon size={iconSize} />}
          loading={busy('pause')}
          onClick={() => run(goal, 'pause').catch(shownInToast)}
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
