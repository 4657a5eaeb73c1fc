import {
  Anchor,
  Badge,
  Button,
  EmptyState,
  Group,
  Stack,
  Text,
  TextInput,
  Timeline,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { Link } from 'react-router';
import { FailureNote } from '../../components/failure-note';
import { RelativeTime } from '../../components/relative-time';
import { useObservations } from '../../hooks/use-memory';

const EXTRACTION_COLORS = {
  done: 'green',
  pending: 'gray',
  running: 'blue',
  skipped: 'gray',
  failed: 'red',
};

/** What the agent saw, newest first in world time, with what extraction made of each. */
export function ObservationTimeline() {
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text.trim(), 300);
  const list = useObservations(q || undefined);
  const observations = list.data?.pages.flatMap((page) => page.observations) ?? [];
  return (
    <Stack gap="sm">
      <TextInput
        size="xs"
        aria-label="Filter observations by words"
        placeholder="Words in the observation"
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
      />
      {list.data && observations.length === 0 ? (
        <EmptyState
          size="sm"
          title={q ? 'No observation matches' : 'No observations yet'}
          description="Each chat turn, goal task, feed item and mail is stored here (redacted) after it happens."
        />
      ) : (
        <Timeline bulletSize={12} lineWidth={2} aria-label="Observations">
          {observations.map((observation) => (
            <Timeline.Item
              key={observation.id}
              title={
                <Group gap="xs">
                  <Badge size="xs" variant="light">
                    {observation.source_kind}
                  </Badge>
                  <Badge
                    size="xs"
                    variant="outline"
                    color={EXTRACTION_COLORS[observation.extraction_status]}
                  >
                    extraction {observation.extraction_status}
                  </Badge>
                  <Text size="xs" c="dimmed">
                    <RelativeTime value={observation.observed_at} />
                  </Text>
                  {observation.request_id ? (
                    <Anchor component={Link} to={`/traces/${observation.request_id}`} size="xs">
                      trace
                    </Anchor>
                  ) : null}
                </Group>
              }
            >
              <Text size="sm" lineClamp={4} style={{ whiteSpace: 'pre-wrap' }}>
                {observation.content}
              </Text>
              {observation.extraction_status === 'failed' ? (
                <FailureNote
                  what="Nothing was learned from this observation"
                  next="It is kept and searchable. Extraction is retried up to 3 times, 30 s apart and longer each time; after that it stays as it is."
                  detail={observation.extraction_error ?? 'The runtime recorded no reason.'}
                  testId="extraction-failure"
                />
              ) : null}
            </Timeline.Item>
          ))}
        </Timeline>
      )}
      {list.hasNextPage ? (
        <Button
          size="xs"
          variant="default"
          onClick={() => list.fetchNextPage()}
          loading={list.isFetchingNextPage}
        >
          Load more
        </Button>
      ) : null}
    </Stack>
  );
}
