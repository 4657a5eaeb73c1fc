import { Badge, Button, CloseButton, Group, Paper, Select } from '@mantine/core';
import { type Goal, RUN_STATUSES, type RunStatus, type TaskRunFilters } from '../../api/goals';
import { preview } from '../traces/trace-format';
import { hasFilters } from './task-search-params';

const STATUS_OPTIONS = [
  { value: 'all', label: 'All statuses' },
  ...RUN_STATUSES.map((status) => ({ value: status, label: status })),
];

interface TaskRunFilterBarProps {
  filters: TaskRunFilters;
  /** Goals to choose from (every status, archived included). */
  goals: Goal[];
  /** The title of the task filtered on, when known. */
  taskTitle: string | undefined;
  onChange: (filters: TaskRunFilters) => void;
}

/** Each filter applies at once; they live in the URL. */
export function TaskRunFilterBar({ filters, goals, taskTitle, onChange }: TaskRunFilterBarProps) {
  const goalOptions = goals.map((goal) => ({
    value: goal.goal_id,
    label: `${preview(goal.objective, 70)} (${goal.status})`,
  }));
  // A goal named by the URL but not in the list (an old one) is still shown as chosen.
  if (filters.goal_id && !goals.some((goal) => goal.goal_id === filters.goal_id))
    goalOptions.unshift({ value: filters.goal_id, label: `Goal ${filters.goal_id}` });

  return (
    <Paper withBorder radius="md" p="md">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label="Goal"
          placeholder="All goals"
          data={goalOptions}
          value={filters.goal_id ?? null}
          onChange={(value) => {
            const { task_id: _task, ...rest } = filters;
            onChange({ ...rest, ...(value ? { goal_id: value } : { goal_id: undefined }) });
          }}
          searchable
          clearable
          nothingFoundMessage="No goal matches"
          w={{ base: '100%', sm: 420 }}
        />
        <Select
          label="Status"
          data={STATUS_OPTIONS}
          value={filters.status ?? 'all'}
          allowDeselect={false}
          onChange={(value) =>
            onChange({
              ...filters,
              status: value && value !== 'all' ? (value as RunStatus) : undefined,
            })
          }
          w={{ base: '100%', sm: 180 }}
        />
        {filters.task_id ? (
          <Badge
            size="lg"
            variant="light"
            tt="none"
            mb={4}
            rightSection={
              <CloseButton
                size="xs"
                aria-label="Show every task"
                onClick={() => {
                  const { task_id: _task, ...rest } = filters;
                  onChange(rest);
                }}
              />
            }
          >
            Task: {taskTitle ?? filters.task_id}
          </Badge>
        ) : null}
        {hasFilters(filters) ? (
          <Button variant="subtle" color="gray" onClick={() => onChange({})}>
            Clear filters
          </Button>
        ) : null}
      </Group>
    </Paper>
  );
}
