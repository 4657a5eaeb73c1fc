import { Group, Progress, SimpleGrid, Text } from '@mantine/core';
import { type Identity, levelStartXp } from '../../api/identity';
import { formatAbsolute, formatRelative } from '../../components/format';
import { StatCard } from '../../components/stat-card';
import { useNow } from '../../hooks/use-now';

/** Name, age, level and experience at a glance. */
export function IdentityStats({ identity }: { identity: Identity | undefined }) {
  const now = useNow(30_000);
  const loading = !identity;
  const start = identity ? levelStartXp(identity.level) : 0;
  const span = identity ? identity.next_level_xp - start : 1;
  const progress = identity ? Math.min(1, Math.max(0, (identity.total_xp - start) / span)) : 0;
  const toGo = identity ? Math.max(0, identity.next_level_xp - identity.total_xp) : 0;

  return (
    <SimpleGrid cols={{ base: 1, sm: 2, xl: 4 }} spacing="md">
      <StatCard
        label="Name"
        loading={loading}
        value={<span data-testid="identity-name">{identity?.name}</span>}
      >
        <Text size="xs" c="dimmed">
          How the agent introduces itself.
        </Text>
      </StatCard>
      <StatCard
        label="Born"
        loading={loading}
        value={identity ? formatRelative(identity.born_at, now) : null}
      >
        {identity ? (
          <Text size="xs" c="dimmed" ff="monospace" title={identity.born_at}>
            {formatAbsolute(identity.born_at)}
          </Text>
        ) : null}
      </StatCard>
      <StatCard label="Level" loading={loading} value={identity?.level} aside={null}>
        {identity ? (
          <>
            <Progress
              value={progress * 100}
              size="lg"
              radius="xl"
              aria-label={`Progress to level ${identity.level + 1}`}
            />
            <Group justify="space-between" gap="xs">
              <Text size="xs" c="dimmed">
                {(identity.total_xp - start).toLocaleString()} / {span.toLocaleString()} XP
              </Text>
              <Text size="xs" c="dimmed">
                {toGo.toLocaleString()} XP to level {identity.level + 1}
              </Text>
            </Group>
          </>
        ) : null}
      </StatCard>
      <StatCard
        label="Total experience"
        loading={loading}
        value={identity ? `${identity.total_xp.toLocaleString()} XP` : null}
      >
        <Text size="xs" c="dimmed">
          1 XP per answered request, 2 more per skill that completes.
        </Text>
      </StatCard>
    </SimpleGrid>
  );
}
