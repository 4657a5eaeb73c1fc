import { Anchor, Blockquote, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { ItemDetail } from '../../api/memory';
import { RelativeTime } from '../../components/relative-time';

/** Where the item came from: the request, chat or goal task, and the observation it was read in. */
export function Provenance({ detail }: { detail: ItemDetail }) {
  const { item, observation, links } = detail;
  return (
    <Stack gap="xs" aria-label="Provenance">
      <Text size="sm">
        Learned from {item.source_kind === 'operator' ? 'the operator' : `a ${item.source_kind}`} by
        the {item.created_by}
        {item.untrusted ? ', from outside text (untrusted)' : ''}.
      </Text>
      <Group gap="md">
        {links.trace ? (
          <Anchor component={Link} to={links.trace} size="sm">
            Open the trace it came from
          </Anchor>
        ) : null}
        {item.chat_id ? (
          <Anchor component={Link} to={`/chat?chat=${encodeURIComponent(item.chat_id)}`} size="sm">
            Open the chat
          </Anchor>
        ) : null}
        {links.goal ? (
          <Anchor component={Link} to={links.goal} size="sm">
            Open the goal
          </Anchor>
        ) : null}
      </Group>
      {observation ? (
        <Blockquote p="xs" fz="sm" cite={<RelativeTime value={observation.observed_at} />}>
          <Text size="sm" lineClamp={6} style={{ whiteSpace: 'pre-wrap' }}>
            {observation.content}
          </Text>
        </Blockquote>
      ) : null}
      {!links.trace && !links.goal && !observation && item.source_kind !== 'operator' ? (
        <Text size="sm" c="red">
          No request, goal or observation is recorded for it.
        </Text>
      ) : null}
    </Stack>
  );
}
