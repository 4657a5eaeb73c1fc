import { EmptyState, Group, List, Stack, Text } from '@mantine/core';
import type { ConfidenceBand, Epistemic, ItemStatus } from '../../api/memory';
import { type Column, DataTable } from '../../components/data-table';
import { RelativeTime } from '../../components/relative-time';
import { useEpistemic } from '../../hooks/use-memory';
import { ItemLink } from './memory-links';

const STATUSES: ItemStatus[] = ['active', 'provisional', 'superseded', 'retracted'];
const BANDS: Array<{ band: ConfidenceBand; label: string }> = [
  { band: 'low', label: 'Low (< 0.5)' },
  { band: 'medium', label: 'Medium (< 0.8)' },
  { band: 'high', label: 'High (≥ 0.8)' },
];

const percent = (share: number | null) => (share === null ? '–' : `${Math.round(share * 100)} %`);

/** /cognitive's epistemic state: memory by status and confidence, and what may be wrong in it. */
export function EpistemicSection() {
  const { data, isError } = useEpistemic();
  if (!data)
    return isError ? (
      <EmptyState size="sm" title="The epistemic state could not be loaded" />
    ) : null;
  const total = STATUSES.reduce((sum, status) => sum + data.by_status[status], 0);
  return (
    <Stack gap="lg">
      <Text size="xs" c="dimmed">
        Computed <RelativeTime value={data.computed_at} /> from the memory items, relations and
        search events. Provisional: {percent(data.provisional_share)} of live items; from untrusted
        sources: {percent(data.untrusted_share)}.
      </Text>
      {total === 0 ? (
        <EmptyState
          size="sm"
          title="Nothing remembered yet"
          description="Facts the extractor takes from conversations, goal tasks, feeds and mail, and items the operator or the agent writes, are counted here by status and confidence."
        />
      ) : (
        <ConfidenceTable data={data} />
      )}
      <Findings data={data} />
    </Stack>
  );
}

function ConfidenceTable({ data }: { data: Epistemic }) {
  const count = (status: ItemStatus, band: ConfidenceBand) =>
    data.by_confidence.find((row) => row.status === status && row.band === band)?.count ?? 0;
  const columns: Column<ItemStatus>[] = [
    { key: 'status', header: 'Status', cell: (status) => status },
    { key: 'items', header: 'Items', align: 'right', cell: (status) => data.by_status[status] },
    ...BANDS.map(
      ({ band, label }): Column<ItemStatus> => ({
        key: band,
        header: label,
        align: 'right',
        cell: (status) => count(status, band),
      }),
    ),
  ];
  return (
    <DataTable
      label="Memory items by status and confidence"
      columns={columns}
      rows={STATUSES}
      rowKey={(status) => status}
      rowProps={(status) => ({ 'aria-label': status })}
      empty={{ title: 'Nothing remembered yet', description: 'Memory items are counted here.' }}
    />
  );
}

function Findings({ data }: { data: Epistemic }) {
  const { stale, contradictions, open_unknowns: unknowns } = data;
  return (
    <Group align="flex-start" grow>
      <Stack gap="xs">
        <Text fw={600} size="sm">
          Stale ({stale.count}, unused for {stale.days} days)
        </Text>
        {stale.items.length === 0 ? (
          <Text size="sm" c="dimmed">
            None: every live item was used or confirmed within {stale.days} days.
          </Text>
        ) : (
          <List spacing={4} aria-label="Stale items">
            {stale.items.map((item) => (
              <List.Item key={item.id}>
                <ItemLink item={item} />
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
      <Stack gap="xs">
        <Text fw={600} size="sm">
          Contradictions ({contradictions.count}, last {contradictions.days} days)
        </Text>
        {contradictions.count === 0 ? (
          <Text size="sm" c="dimmed">
            None: no relation was expired and no item superseded by a newer one.
          </Text>
        ) : (
          <List spacing={4} aria-label="Contradictions">
            {contradictions.superseded.map(({ item, by }) => (
              <List.Item key={item.id}>
                <ItemLink item={item} />
                {by ? (
                  <Text span size="sm">
                    {' '}
                    → {by.text}
                  </Text>
                ) : null}
              </List.Item>
            ))}
            {contradictions.relations.map(({ expired, by }) => (
              <List.Item key={expired.id}>
                <Text size="sm">
                  {expired.fact}
                  {by ? ` → ${by.fact}` : ''}
                </Text>
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
      <Stack gap="xs">
        <Text fw={600} size="sm">
          Open unknowns ({unknowns.count}, last {unknowns.days} days)
        </Text>
        {unknowns.items.length === 0 ? (
          <Text size="sm" c="dimmed">
            None: every memory search of the agent found something.
          </Text>
        ) : (
          <List spacing={4} aria-label="Open unknowns">
            {unknowns.items.map((unknown) => (
              <List.Item key={unknown.event_id}>
                <Text size="sm">
                  “{unknown.query}” <RelativeTime value={unknown.at} />
                </Text>
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Group>
  );
}
