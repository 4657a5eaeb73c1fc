import { Alert, Badge, Group, Loader, SimpleGrid, Text } from '@mantine/core';
import { type GoalDetail, TASK_STATUSES } from '../../api/goals';
import { FailureNote } from '../../components/failure-note';
import { plural } from '../../components/format';
import { PriorityBadge } from '../../components/priority-badge';
import { StatCard } from '../../components/stat-card';
import { formatTokens, GoalProgress, TASK_STATUS } from './goal-badges';

/** The reason a goal is paused, where it cannot be missed; the Governor's comes with what to do. */
export function PauseReason({ goal }: { goal: GoalDetail }) {
  if (goal.status !== 'paused') return null;
  const byGovernor = goal.paused_by === 'governor';
  return (
    <Alert
      color={byGovernor ? 'orange' : 'yellow'}
      variant="light"
      title={
        byGovernor
          ? 'Paused by the Resource Governor'
          : `Paused by ${goal.paused_by ?? 'the operator'}`
      }
      data-testid="pause-reason"
    >
      <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
        {goal.pause_reason ?? 'No reason was recorded.'}
      </Text>
      <Text size="xs" c="dimmed" mt={4}>
        {byGovernor
          ? 'Raise the budget in the configuration center before resuming: a goal still over its budget is paused again at once.'
          : 'No new task starts until it is resumed. A task that was running when it was paused finished and kept its result.'}
      </Text>
    </Alert>
  );
}

/** Notes of a plan that the model did not make because it failed, not because it was not asked. */
const PLAN_FAILURE = /^(planning failed|the model's plan was rejected)/;

/** A plan the model failed to make: why, and that the goal went on as one task. */
export function PlanFailure({ goal }: { goal: GoalDetail }) {
  const note = goal.planning.note;
  if (goal.planning.status === 'pending' || !note || !PLAN_FAILURE.test(note)) return null;
  return (
    <FailureNote
      what="The model could not plan this goal"
      next="The goal went on without a plan: its whole objective ran as one task, which is what its status shows."
      detail={note}
      testId="plan-failure"
    />
  );
}

/** Why a failed goal failed: the error of the task that ran out of attempts. */
export function FailureReason({ goal }: { goal: GoalDetail }) {
  if (goal.status !== 'failed') return null;
  const failed = goal.tasks.find((task) => task.status === 'failed');
  return (
    <Alert color="red" variant="light" title="The goal failed" data-testid="failure-reason">
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {failed
          ? `Task #${failed.position} "${failed.title}" failed after ${failed.attempts} attempts${failed.error ? `: ${failed.error}` : '.'}`
          : 'A task failed too many times.'}{' '}
        The tasks that had not started were cancelled.
      </Text>
    </Alert>
  );
}

function planningText(goal: GoalDetail): { value: string; note: string } {
  const { planning } = goal;
  if (planning.status === 'pending')
    return { value: 'Planning…', note: 'The objective is being split into tasks.' };
  if (planning.source === 'model')
    return {
      value: 'By the model',
      note: `Planned into ${plural(goal.tasks.filter((task) => task.created_by === 'planner').length || goal.tasks.length, 'task')} with their dependencies.`,
    };
  const failed = planning.note !== null && PLAN_FAILURE.test(planning.note);
  return {
    value: 'One task',
    note: failed
      ? 'The model could not plan it (see above), so the objective is one task.'
      : planning.note
        ? `Not planned by the model: ${planning.note}.`
        : 'The objective is one task.',
  };
}

export function GoalSummary({ goal }: { goal: GoalDetail }) {
  const counts = TASK_STATUSES.map((status) => ({
    status,
    count: goal.tasks.filter((task) => task.status === status).length,
  })).filter(({ count }) => count > 0);
  const planning = planningText(goal);

  return (
    <SimpleGrid cols={{ base: 1, sm: 2, xl: 4 }} spacing="md">
      <StatCard
        label="Progress"
        value={`${goal.progress}%`}
        aside={<PriorityBadge priority={goal.priority} />}
      >
        <GoalProgress goal={goal} size="lg" />
      </StatCard>
      <StatCard label="Tasks" value={`${goal.tasks_done} / ${goal.tasks_total} done`}>
        <Group gap={6}>
          {counts.length === 0 ? (
            <Text size="xs" c="dimmed">
              None yet
            </Text>
          ) : (
            counts.map(({ status, count }) => (
              <Badge key={status} variant="dot" color={TASK_STATUS[status].color} tt="none">
                {count} {status}
              </Badge>
            ))
          )}
        </Group>
      </StatCard>
      <StatCard label="Tokens" value={formatTokens(goal.tokens)}>
        <Text size="xs" c="dimmed">
          Planning plus every attempt; the Governor pauses the goal at its token budget.
        </Text>
      </StatCard>
      <StatCard
        label="Planning"
        value={planning.value}
        aside={goal.planning.status === 'pending' ? <Loader size="sm" /> : null}
      >
        <Text size="xs" c="dimmed" data-testid="planning-note" style={{ overflowWrap: 'anywhere' }}>
          {planning.note}
        </Text>
      </StatCard>
    </SimpleGrid>
  );
}
