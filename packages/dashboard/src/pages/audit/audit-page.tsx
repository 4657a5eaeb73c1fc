import { Button, EmptyState, Group, Paper, Stack, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import type { AuditFilters } from '../../api/audit';
import { plural } from '../../components/format';
import { PageHeader } from '../../components/page-header';
import { useAuditLog, useResetAuditLog } from '../../hooks/use-audit';
import { AuditFilterBar } from './audit-filters';
import { hasFilters, readAuditFilters, writeAuditFilters } from './audit-search-params';
import { AuditTable } from './audit-table';

export function AuditPage() {
  const [params, setParams] = useSearchParams();
  const filters = readAuditFilters(params);
  const log = useAuditLog(filters);
  const refresh = useResetAuditLog(filters);
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];
  const filtered = hasFilters(filters);

  const applyFilters = (next: AuditFilters) => setParams(writeAuditFilters(next));

  return (
    <Stack gap="lg">
      <PageHeader
        title="Audit log"
        description="Every action the runtime and its operators took, newest first. Click a row for its full detail."
        aside={
          <Button variant="default" onClick={refresh} loading={log.isRefetching}>
            Refresh
          </Button>
        }
      />
      <AuditFilterBar key={params.toString()} filters={filters} onChange={applyFilters} />
      <Paper withBorder radius="md" p={0}>
        {!log.isPending && entries.length === 0 ? (
          <EmptyState
            py={48}
            title={
              log.isError
                ? 'The audit log could not be loaded'
                : filtered
                  ? 'No entries match these filters'
                  : 'Nothing recorded yet'
            }
            description={
              filtered
                ? 'Widen the time window or clear a filter. Action filters match exactly unless they end in *, so auth.* matches every sign-in event.'
                : 'Sign-ins, password changes, skill runs and every other action the agent takes are recorded here as they happen.'
            }
          />
        ) : (
          <AuditTable entries={entries} loading={log.isPending} />
        )}
      </Paper>
      {entries.length > 0 ? (
        <Group justify="space-between">
          <Text size="sm" c="dimmed" data-testid="audit-count">
            {log.hasNextPage
              ? `Showing the newest ${plural(entries.length, 'entry', 'entries')}`
              : `All ${entries.length} ${entries.length === 1 ? 'entry' : 'entries'} shown`}
          </Text>
          {log.hasNextPage ? (
            <Button
              variant="light"
              onClick={() => log.fetchNextPage()}
              loading={log.isFetchingNextPage}
            >
              Load more
            </Button>
          ) : null}
        </Group>
      ) : null}
    </Stack>
  );
}
