import {
  Alert,
  Anchor,
  Badge,
  Button,
  EmptyState,
  Grid,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { StatCard } from '../../components/stat-card';
import { UpdatedAgo } from '../../components/updated-ago';
import { useGoalLiveUpdates } from '../../hooks/use-goals';
import { useExecutionState } from '../../hooks/use-state';
import { GoalBudgetsPanel, GovernorPanel, WaitingPanel } from './governor-panels';
import { RunningTasks } from './running-tasks';

export function StatePage() {
  const state = useExecutionState(3_000);
  // A task starting or finishing shows at once, between two polls.
  useGoalLiveUpdates();
  const data = state.data;

  return (
    <Stack gap="lg">
      <PageHeader
        title="State"
        description="The current execution state of autonomous goals: what runs where, what waits and why, and the Resource Governor's limits against usage. Read again every 3 seconds."
        aside={
          <>
            {data ? (
              <Badge
                size="lg"
                variant="light"
                color={data.autonomous_goals ? 'green' : 'red'}
                data-testid="autonomous-goals"
                data-on={data.autonomous_goals}
              >
                autonomous_goals {data.autonomous_goals ? 'on' : 'off'}
              </Badge>
            ) : null}
            <UpdatedAgo updatedAt={state.dataUpdatedAt} fetching={state.isFetching} />
          </>
        }
      />
      {data && !data.autonomous_goals ? (
        <Alert color="red" variant="light" title="Autonomous goals are off">
          No task starts while the autonomous_goals flag is off; goals keep their state and go on
          when it is switched back on in the{' '}
          <Anchor component={Link} to="/config" inherit>
            configuration center
          </Anchor>
          .
        </Alert>
      ) : null}
      {state.isError && !data ? (
        <Paper withBorder radius="md">
          <EmptyState
            py={48}
            title="The execution state could not be loaded"
            description="The runtime did not answer the request."
          >
            <EmptyState.Actions>
              <Button variant="light" onClick={() => state.refetch()}>
                Try again
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        </Paper>
      ) : (
        <>
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
            <StatCard label="Running" loading={!data} value={data?.counts.running}>
              <Text size="xs" c="dimmed">
                Tasks a worker holds now
              </Text>
            </StatCard>
            <StatCard label="Ready" loading={!data} value={data?.counts.ready}>
              <Text size="xs" c="dimmed">
                Ready tasks of active goals
              </Text>
            </StatCard>
            <StatCard label="Queued" loading={!data} value={data?.counts.queued}>
              <Text size="xs" c="dimmed">
                Jobs waiting in the task queue
              </Text>
            </StatCard>
            <StatCard label="Pending" loading={!data} value={data?.counts.pending}>
              <Text size="xs" c="dimmed">
                Tasks waiting for their dependencies
              </Text>
            </StatCard>
          </SimpleGrid>
          {data ? (
            <>
              <RunningTasks running={data.running} />
              <Grid gap="md" align="stretch">
                <Grid.Col span={{ base: 12, lg: 5 }}>
                  <GovernorPanel state={data} />
                </Grid.Col>
                <Grid.Col span={{ base: 12, lg: 7 }}>
                  <Stack gap="md">
                    <WaitingPanel state={data} />
                    <GoalBudgetsPanel state={data} />
                  </Stack>
                </Grid.Col>
              </Grid>
            </>
          ) : (
            <Stack gap="md">
              <Skeleton h={120} radius="md" />
              <Skeleton h={320} radius="md" />
            </Stack>
          )}
        </>
      )}
    </Stack>
  );
}
