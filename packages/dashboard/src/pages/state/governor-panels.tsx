import { Anchor, Badge, Group, List, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import { Link } from 'react-router';
import type { ExecutionState } from '../../api/state';
import { type Column, DataTable } from '../../components/data-table';
import { plural } from '../../components/format';
import { KeyValueList } from '../../components/key-value-list';
import { Panel } from '../../components/panel';
import { PriorityBadge } from '../../components/priority-badge';
import { formatTokens, GoalStatusBadge, goalPath } from '../goals/goal-badges';
import { preview } from '../traces/trace-format';
import { LimitMeter } from './limit-meter';

/** Why work waits right now, in the Governor's words. */
export function WaitingPanel({ state }: { state: ExecutionState }) {
  const { waiting } = state.governor;
  return (
    <Panel
      title="Why work waits"
      aside={
        <Badge variant="light" color={waiting.length > 0 ? 'orange' : 'green'}>
          {waiting.length > 0 ? plural(waiting.length, 'reason') : 'nothing waits'}
        </Badge>
      }
    >
      {waiting.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="waiting-none">
          Nothing holds work back: ready tasks start as soon as a worker picks them up.
        </Text>
      ) : (
        <List
          spacing={6}
          size="sm"
          data-testid="waiting"
          icon={
            <ThemeIcon color="orange" size={18} radius="xl" variant="light">
              <Text size="xs" fw={700}>
                !
              </Text>
            </ThemeIcon>
          }
        >
          {waiting.map((reason) => (
            <List.Item key={reason}>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {reason}
              </Text>
            </List.Item>
          ))}
        </List>
      )}
    </Panel>
  );
}

/** The Resource Governor's limits against what is used now. */
export function GovernorPanel({ state }: { state: ExecutionState }) {
  const { limits, usage, cpi, cpi_high: cpiHigh } = state.governor;
  return (
    <Panel
      title="Resource Governor"
      aside={
        <Anchor component={Link} to="/config" size="sm">
          Change the limits
        </Anchor>
      }
    >
      <Stack gap="md">
        <LimitMeter
          label="Concurrent tasks"
          used={usage.running_tasks}
          limit={limits.max_concurrent_tasks}
          hint="Tasks running across every replica."
          testId="meter-tasks"
        />
        <LimitMeter
          label="Concurrent goals"
          used={usage.running_goals}
          limit={limits.max_concurrent_goals}
          hint="Goals with a task running; a goal that has one keeps its slot."
          testId="meter-goals"
        />
        <LimitMeter
          label="Tokens today (UTC)"
          used={usage.tokens_today}
          limit={limits.daily_token_budget}
          format={formatTokens}
          hint="Attempts finished and goals planned since 00:00 UTC, against the daily budget."
          testId="meter-daily-tokens"
        />
        <Stack gap={4} data-testid="meter-cpi">
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm" fw={500}>
              Cognitive pressure (CPI)
            </Text>
            <Group gap={6} wrap="nowrap">
              <Text size="sm" ff="monospace">
                {cpi}
                <Text span c="dimmed" size="sm" ff="monospace">
                  {' '}
                  / 100
                </Text>
              </Text>
              <Badge
                color={cpiHigh ? 'red' : 'green'}
                variant={cpiHigh ? 'filled' : 'light'}
                size="sm"
              >
                {cpiHigh ? 'cpi_high' : 'normal'}
              </Badge>
            </Group>
          </Group>
          <Progress
            value={cpi}
            color={cpiHigh ? 'red' : 'teal'}
            size="md"
            radius="xl"
            aria-label={`CPI ${cpi} of 100`}
          />
          <Text size="xs" c="dimmed">
            While cpi_high is true, new autonomous work waits.
          </Text>
        </Stack>
        <KeyValueList
          items={[
            {
              label: 'Goal token budget',
              value: `${formatTokens(limits.goal_token_budget)} tokens`,
            },
            { label: 'Attempts per task', value: limits.task_max_attempts },
          ]}
        />
      </Stack>
    </Panel>
  );
}

type GoalBudget = ExecutionState['governor']['goals'][number];

const budgetColumns = (budget: number): Column<GoalBudget>[] => [
  {
    key: 'goal',
    header: 'Goal',
    cell: (goal) => (
      <Stack gap={2}>
        <Anchor
          component={Link}
          to={goalPath(goal.goal_id)}
          size="sm"
          lineClamp={1}
          title={goal.objective}
        >
          {preview(goal.objective, 100)}
        </Anchor>
        {goal.pause_reason ? (
          <Text size="xs" fw={600} c="orange.8">
            {goal.pause_reason}
          </Text>
        ) : null}
      </Stack>
    ),
  },
  {
    key: 'priority',
    header: 'Priority',
    width: 110,
    priority: 2,
    cell: (goal) => <PriorityBadge priority={goal.priority} />,
  },
  {
    key: 'status',
    header: 'Status',
    width: 110,
    cell: (goal) => <GoalStatusBadge value={goal.status} />,
  },
  {
    key: 'tokens',
    header: 'Tokens / budget',
    width: 220,
    cell: (goal) => {
      const share = budget > 0 ? goal.tokens / budget : 0;
      return (
        <Group gap="xs" wrap="nowrap">
          <Progress
            value={Math.min(100, share * 100)}
            color={share >= 1 ? 'red' : share >= 0.8 ? 'orange' : 'teal'}
            radius="xl"
            style={{ flex: 1 }}
            miw={60}
            aria-label={`${goal.tokens} of ${budget} tokens`}
          />
          <Text size="xs" ff="monospace" miw="max-content">
            {formatTokens(goal.tokens)}
          </Text>
        </Group>
      );
    },
  },
];

/** The active and paused goals with their tokens against the goal budget. */
export function GoalBudgetsPanel({ state }: { state: ExecutionState }) {
  const { goals, limits } = state.governor;
  return (
    <Panel
      title="Goal token budgets"
      aside={
        <Text size="xs" c="dimmed">
          active and paused goals
        </Text>
      }
    >
      {goals.length === 0 ? (
        <Text size="sm" c="dimmed">
          No active or paused goal.
        </Text>
      ) : (
        <DataTable
          label="Goal token budgets"
          columns={budgetColumns(limits.goal_token_budget)}
          rows={goals}
          rowKey={(goal) => goal.goal_id}
          empty={{ title: 'No active or paused goal', description: 'Goals at work appear here.' }}
        />
      )}
    </Panel>
  );
}
