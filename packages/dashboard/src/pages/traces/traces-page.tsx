import { Button, EmptyState, Group, Paper, Stack, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import type { TraceFilters } from '../../api/traces';
import { plural } from '../../components/format';
import { PageHeader } from '../../components/page-header';
import { useResetTraces, useTraces } from '../../hooks/use-traces';
import { TraceFilterBar } from './trace-filters';
import { hasFilters, readTraceFilters, writeTraceFilters } from './trace-search-params';
import { TracesTable } from './traces-table';

export function TracesPage() {
  const [params, setParams] = useSearchParams();
  const filters = readTraceFilters(params);
  const list = useTraces(filters);
  const refresh = useResetTraces(filters);
  const traces = list.data?.pages.flatMap((page) => page.traces) ?? [];
  const filtered = hasFilters(filters);

  const applyFilters = (next: TraceFilters) => setParams(writeTraceFilters(next));

  return (
    <Stack gap="lg">
      <PageHeader
        title="Traces"
        description="One decision trace per response: the tier that answered, the guard chain and the skills that ran. Click a row for the whole trace."
        aside={
          <Button variant="default" onClick={refresh} loading={list.isRefetching}>
            Refresh
          </Button>
        }
      />
      <TraceFilterBar key={params.toString()} filters={filters} onChange={applyFilters} />
      <Paper withBorder radius="md" p={0}>
        {!list.isPending && traces.length === 0 ? (
          <EmptyState
            py={48}
            title={
              list.isError
                ? 'The traces could not be loaded'
                : filtered
                  ? 'No traces match these filters'
                  : 'No traces yet'
            }
            description={
              list.isError
                ? 'The runtime did not answer the request. Try Refresh in a moment.'
                : filtered
                  ? 'Widen the time range, choose another tier or clear the chat id. Chat ids match exactly.'
                  : 'Every chat request the runtime answers, through the fast path, the decision layer or the model loop, leaves a trace here.'
            }
          />
        ) : (
          <TracesTable traces={traces} loading={list.isPending} />
        )}
      </Paper>
      {traces.length > 0 ? (
        <Group justify="space-between">
          <Text size="sm" c="dimmed" data-testid="traces-count">
            {list.hasNextPage
              ? `Showing the newest ${plural(traces.length, 'trace')}`
              : `All ${traces.length} ${traces.length === 1 ? 'trace' : 'traces'} shown`}
          </Text>
          {list.hasNextPage ? (
            <Button
              variant="light"
              onClick={() => list.fetchNextPage()}
              loading={list.isFetchingNextPage}
            >
              Load more
            </Button>
          ) : null}
        </Group>
      ) : null}
    </Stack>
  );
}
