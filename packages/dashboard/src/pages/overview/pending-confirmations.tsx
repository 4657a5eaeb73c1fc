import { Anchor, Divider, Group, Skeleton, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { Panel } from '../../components/panel';
import { RelativeTime } from '../../components/relative-time';
import { usePendingConfirmations } from '../../hooks/use-confirmations';
import { useAutonomy } from '../../hooks/use-skills';
import { LevelBadge } from '../skills/level-badge';

const SHOWN = 4;
/** The runtime lists at most this many at once. */
const LIST_LIMIT = 200;

/** How many skill calls wait for the operator, the oldest first, under which autonomy mode. */
export function PendingConfirmations() {
  const pending = usePendingConfirmations();
  const autonomy = useAutonomy();
  const confirmations = pending.data ?? [];
  const count = confirmations.length;
  // The list is newest first; the ones closest to timing out matter most.
  const oldest = [...confirmations].reverse().slice(0, SHOWN);

  return (
    <Panel
      title="Pending confirmations"
      aside={
        autonomy.data ? (
          <Anchor component={Link} to="/skills" size="sm">
            Mode {autonomy.data.mode}
          </Anchor>
        ) : null
      }
    >
      {pending.isPending ? (
        <Skeleton h={36} w={80} />
      ) : (
        <Group align="baseline" gap={8}>
          <Text
            fz={36}
            fw={700}
            lh={1}
            c={count > 0 ? 'orange' : undefined}
            data-testid="pending-confirmations"
          >
            {pending.isError ? '—' : count >= LIST_LIMIT ? `${LIST_LIMIT}+` : count}
          </Text>
          <Text c="dimmed" size="sm">
            {count === 1 ? 'skill call waits for approval' : 'skill calls wait for approval'}
          </Text>
        </Group>
      )}
      {pending.isError ? (
        <Text size="sm" c="red">
          The confirmation queue could not be read.
        </Text>
      ) : count === 0 && !pending.isPending ? (
        <Text size="sm" c="dimmed">
          Nothing is waiting. Calls that the autonomy mode holds back appear here until they are
          approved, denied or time out.
        </Text>
      ) : (
        <Stack gap={6}>
          <Divider />
          {oldest.map((confirmation) => (
            <Group key={confirmation.confirmation_id} justify="space-between" wrap="nowrap">
              <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
                <LevelBadge level={confirmation.level} size="xs" />
                <Text size="sm" ff="monospace" truncate>
                  {confirmation.skill}
                </Text>
              </Group>
              <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                expires <RelativeTime value={confirmation.expires_at} />
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Panel>
  );
}
