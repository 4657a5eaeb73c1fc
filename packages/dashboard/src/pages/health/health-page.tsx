import { Alert, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { PageHeader } from '../../components/page-header';
import { StatusBadge } from '../../components/status-badge';
import { UntrustedGuardWarning } from '../../components/untrusted-guard-warning';
import { UpdatedAgo } from '../../components/updated-ago';
import { useHealthDetails } from '../../hooks/use-health';
import { ComponentsPanel } from './components-panel';
import { CpiPanel } from './cpi-panel';
import { MemoryPanel } from './memory-panel';
import { ProcessPanel, QueuesPanel } from './runtime-panels';

const REFRESH_MS = 5_000;

function LoadingPanels() {
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      {[260, 260, 200, 200].map((height, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Paper key={index} withBorder radius="md" p="lg">
          <Skeleton h={14} w={140} mb="md" />
          <Skeleton h={height - 60} />
        </Paper>
      ))}
    </SimpleGrid>
  );
}

export function HealthPage() {
  const { data, isError, dataUpdatedAt, isFetching } = useHealthDetails(REFRESH_MS);

  return (
    <Stack gap="lg">
      <PageHeader
        title="Health"
        description="Liveness of every part of the runtime and the pressure it is under. Refreshes every 5 seconds; the same report is public as JSON at /health."
        aside={
          <>
            {data ? (
              <>
                <StatusBadge status={data.health.status} size="lg" data-testid="overall-status" />
                <Text size="sm" c="dimmed">
                  Version{' '}
                  <Text span ff="monospace" c="var(--mantine-color-text)" data-testid="version">
                    {data.health.version}
                  </Text>
                </Text>
              </>
            ) : null}
            <UpdatedAgo updatedAt={dataUpdatedAt} fetching={isFetching} />
          </>
        }
      />
      <UntrustedGuardWarning />
      {isError ? (
        <Alert color="red" variant="light" title="The latest refresh failed">
          {data
            ? 'The values below are from the last successful check and may be out of date.'
            : 'No health report could be loaded. The page keeps retrying every 5 seconds.'}
        </Alert>
      ) : null}
      {data ? (
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
          <CpiPanel details={data} />
          <ComponentsPanel details={data} />
          <MemoryPanel details={data} />
          <Stack gap="md">
            <QueuesPanel details={data} />
            <ProcessPanel details={data} />
          </Stack>
        </SimpleGrid>
      ) : isError ? null : (
        <LoadingPanels />
      )}
    </Stack>
  );
}
