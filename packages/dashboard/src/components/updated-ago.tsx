import { Group, Loader, Text } from '@mantine/core';
import { useNow } from '../hooks/use-now';
import { formatAbsolute } from './format';

interface UpdatedAgoProps {
  /** Epoch ms of the last successful fetch; 0 before the first. */
  updatedAt: number;
  fetching: boolean;
}

/** "Updated 3s ago", ticking every second, with a spinner while a refresh is on its way. */
export function UpdatedAgo({ updatedAt, fetching }: UpdatedAgoProps) {
  const now = useNow(1_000);
  if (!updatedAt) return null;
  const seconds = Math.max(0, Math.round((now - updatedAt) / 1000));
  return (
    <Group gap={6} wrap="nowrap">
      {fetching ? <Loader size={12} /> : null}
      <Text size="xs" c="dimmed" title={formatAbsolute(updatedAt)} data-testid="updated-ago">
        Updated {seconds < 60 ? `${seconds}s` : `${Math.floor(seconds / 60)}m`} ago
      </Text>
    </Group>
  );
}
