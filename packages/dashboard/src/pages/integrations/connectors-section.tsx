import {
  Button,
  EmptyState,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { INTEGRATION_CATEGORIES, type IntegrationCategory } from '../../api/integrations';
import { SearchIcon } from '../../components/icons';
import { Panel } from '../../components/panel';
import { useIntegrations } from '../../hooks/use-integrations';
import { ConnectorsTable } from './connectors-table';
import {
  CATEGORY_LABELS,
  type ConnectorFilter,
  filterConnectors,
  STATE_FILTER_LABELS,
  STATE_FILTERS,
  type StateFilter,
} from './integration-filters';

const categoryOptions = INTEGRATION_CATEGORIES.map((value) => ({
  value,
  label: CATEGORY_LABELS[value],
}));

/** The registry's connectors, searchable and filtered by category and state. */
export function ConnectorsSection() {
  const list = useIntegrations();
  const [filter, setFilter] = useState<ConnectorFilter>({
    search: '',
    category: null,
    state: 'all',
  });
  const all = list.data ?? [];
  const shown = filterConnectors(all, filter);
  const change = (next: Partial<ConnectorFilter>) =>
    setFilter((current) => ({ ...current, ...next }));

  return (
    <Panel
      title="Connectors"
      aside={
        list.data ? (
          <Text size="sm" c="dimmed" data-testid="connectors-count">
            {shown.length} of {all.length}
          </Text>
        ) : null
      }
    >
      <Group gap="sm" wrap="wrap" align="flex-end">
        <TextInput
          label="Search"
          placeholder="Name or id"
          leftSection={<SearchIcon size={16} />}
          value={filter.search}
          onChange={(event) => change({ search: event.currentTarget.value })}
          w={240}
        />
        <Select
          label="Category"
          placeholder="All categories"
          data={categoryOptions}
          value={filter.category}
          onChange={(value) => change({ category: value as IntegrationCategory | null })}
          clearable
          w={220}
        />
        <SegmentedControl
          aria-label="State"
          data={STATE_FILTERS.map((value) => ({ value, label: STATE_FILTER_LABELS[value] }))}
          value={filter.state}
          onChange={(value) => change({ state: value as StateFilter })}
        />
      </Group>
      <Paper withBorder radius="md" p={0}>
        {!list.isPending && shown.length === 0 ? (
          <EmptyState
            py={40}
            title={list.isError ? 'The connectors could not be loaded' : 'No connector matches'}
            description={
              list.isError
                ? 'The runtime did not answer the request.'
                : 'Change the search words, the category or the state.'
            }
          >
            {list.isError ? (
              <EmptyState.Actions>
                <Button variant="light" onClick={() => list.refetch()}>
                  Try again
                </Button>
              </EmptyState.Actions>
            ) : null}
          </EmptyState>
        ) : (
          <ConnectorsTable integrations={shown} loading={list.isPending} />
        )}
      </Paper>
    </Panel>
  );
}
