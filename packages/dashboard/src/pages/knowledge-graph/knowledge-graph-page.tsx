import { EmptyState, Select, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { PageHeader } from '../../components/page-header';
import { Panel } from '../../components/panel';
import { useEntities, useGraph, useMemoryStatus } from '../../hooks/use-memory';
import { ExtractionNote } from '../memory/extraction-note';
import { GraphTables } from './graph-tables';

// The simulation library is fetched only when this page is opened.
const GraphCanvas = lazy(() => import('./graph-canvas'));

const LIMITS = ['50', '150', '300', '500'];

export function KnowledgeGraphPage() {
  const [day, setDay] = useState('');
  const [limit, setLimit] = useState('150');
  // A day means its end, in UTC: everything the store believed true in the world by then.
  const asOf = /^\d{4}-\d{2}-\d{2}$/.test(day) ? `${day}T23:59:59.999Z` : undefined;
  const [centre, setCentre] = useState<string | null>(null);
  const graph = useGraph({ asOf, limit: Number(limit), entityId: centre ?? undefined });
  const entities = useEntities(undefined);
  const status = useMemoryStatus();
  const data = graph.data;
  return (
    <Stack gap="lg">
      <PageHeader
        title="Knowledge graph"
        description="Entities and the relations between them learned from observations; the most mentioned first, bounded by the server."
        aside={
          <>
            <TextInput
              type="date"
              label="As of"
              description="Empty: current beliefs"
              value={day}
              onChange={(event) => setDay(event.currentTarget.value)}
            />
            <Select
              label="Centre on"
              description="Empty: the most mentioned"
              placeholder="Any entity"
              searchable
              clearable
              data={(entities.data?.entities ?? []).map((e) => ({ value: e.id, label: e.name }))}
              value={centre}
              onChange={setCentre}
              w={200}
            />
            <Select
              label="Most entities"
              description="The server's bound"
              data={LIMITS}
              value={limit}
              onChange={(value) => setLimit(value ?? '150')}
              allowDeselect={false}
              w={140}
            />
          </>
        }
      />
      <ExtractionNote status={status.data} />
      {!data ? (
        graph.isError ? (
          <EmptyState title="The graph could not be loaded" />
        ) : (
          <Skeleton h={520} />
        )
      ) : data.nodes.length === 0 ? (
        <EmptyState
          title={asOf ? `Nothing was known as of ${day}` : 'No entities yet'}
          description="Entities and relations are extracted by the configured model from conversations, goal tasks, feeds and mail; each relation keeps when it was true in the world."
        />
      ) : (
        <>
          <Panel title="Graph">
            {data.truncated ? (
              <Text size="xs" c="dimmed">
                Only the {data.limit} most mentioned entities are shown.
              </Text>
            ) : null}
            <Suspense fallback={<Skeleton h={520} />}>
              <GraphCanvas nodes={data.nodes} edges={data.edges} />
            </Suspense>
          </Panel>
          <Panel title="Same data as tables">
            <GraphTables nodes={data.nodes} edges={data.edges} />
          </Panel>
        </>
      )}
    </Stack>
  );
}
