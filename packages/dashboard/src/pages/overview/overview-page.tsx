import { Grid, Stack } from '@mantine/core';
import { PageHeader } from '../../components/page-header';
import { UpdatedAgo } from '../../components/updated-ago';
import { useHealthDetails } from '../../hooks/use-health';
import { ActiveGoals } from './active-goals';
import { OverviewStats } from './overview-stats';
import { PendingConfirmations } from './pending-confirmations';
import { RecentActivity } from './recent-activity';
import { RecentTraces } from './recent-traces';

export function OverviewPage() {
  const details = useHealthDetails(10_000);
  return (
    <Stack gap="lg">
      <PageHeader
        title="Overview"
        description="The runtime's state right now, the goals it works on, the requests it answered and the latest actions it recorded."
        aside={<UpdatedAgo updatedAt={details.dataUpdatedAt} fetching={details.isFetching} />}
      />
      <OverviewStats details={details.data} />
      <Grid gap="md" align="stretch">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <RecentTraces />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="md">
            <ActiveGoals />
            <PendingConfirmations />
          </Stack>
        </Grid.Col>
      </Grid>
      <RecentActivity />
    </Stack>
  );
}
