import { EmptyState, Grid, Stack } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { Panel } from '../../components/panel';
import { useMemoryStatus } from '../../hooks/use-memory';
import { ExtractionNote } from '../memory/extraction-note';
import { EntityPicker } from './entity-picker';
import { EntityTimeline } from './entity-timeline';
import { ObservationTimeline } from './observation-timeline';

/** The entity chosen is kept in the URL (?entity=), so the graph and memory pages link here. */
export function WorldModelPage() {
  const [params, setParams] = useSearchParams();
  const entityId = params.get('entity');
  const status = useMemoryStatus();
  return (
    <Stack gap="lg">
      <PageHeader
        title="World model"
        description="What the agent observed, in world time, and each entity's relations with the interval in which they held."
      />
      <ExtractionNote status={status.data} />
      <Grid>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Panel title="Observations">
            <ObservationTimeline />
          </Panel>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4, lg: 2 }}>
          <Panel title="Entities">
            <EntityPicker selected={entityId} onSelect={(id) => setParams({ entity: id })} />
          </Panel>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8, lg: 5 }}>
          {entityId ? (
            <EntityTimeline id={entityId} />
          ) : (
            <EmptyState
              size="sm"
              title="No entity chosen"
              description="Choose an entity to see its relations over time and the observations that mention it."
            />
          )}
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
