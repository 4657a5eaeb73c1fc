import { EmptyState, SimpleGrid, Stack, Text } from '@mantine/core';
import { PageHeader } from '../../components/page-header';
import { StatCard } from '../../components/stat-card';
import { useBrain } from '../../hooks/use-memory';
import { ExtractionNote } from '../memory/extraction-note';
import { IdentityPanel } from './identity-panel';
import { PinnedBlocks } from './pinned-blocks';

const number = new Intl.NumberFormat('en');

export function BrainPage() {
  const { data: brain, isError, isPending } = useBrain();
  if (isError && !brain)
    return <EmptyState title="The brain could not be loaded" description="Try again shortly." />;
  const counts = brain?.counts;
  const stats = counts
    ? [
        ['Items', counts.items.total, `${counts.items.by_status.active} active`],
        ['Pinned blocks', counts.items.pinned, 'in every prompt'],
        ['Entities', counts.entities.live, `${counts.entities.merged} merged`],
        ['Relations', counts.relations.current, `${counts.relations.expired} expired`],
        [
          'Observations',
          counts.observations.total,
          `${counts.observations.by_source.chat} from chat`,
        ],
        ['Changes', counts.events, 'in the history'],
      ]
    : [];
  return (
    <Stack gap="lg">
      <PageHeader
        title="Brain"
        description="What the agent is and holds: each figure is counted from the stored rows."
      />
      <ExtractionNote status={brain?.status} />
      <SimpleGrid cols={{ base: 2, md: 3, xl: 6 }} aria-label="Memory counts">
        {isPending
          ? Array.from({ length: 6 }, (_, i) => <StatCard key={String(i)} label="…" loading />)
          : stats.map(([label, value, note]) => (
              <StatCard key={label} label={String(label)} value={number.format(Number(value))}>
                <Text size="xs" c="dimmed">
                  {note}
                </Text>
              </StatCard>
            ))}
      </SimpleGrid>
      {brain ? (
        <SimpleGrid cols={{ base: 1, lg: 2 }}>
          <IdentityPanel identity={brain.identity} />
          <PinnedBlocks blocks={brain.pinned_blocks} />
        </SimpleGrid>
      ) : null}
    </Stack>
  );
}
