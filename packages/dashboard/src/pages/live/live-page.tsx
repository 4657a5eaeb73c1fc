import { Badge, Button, Chip, EmptyState, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { useMemo, useState } from 'react';
import { LIVE_EVENT_NAMES, type LiveConnection } from '../../api/live';
import { LiveIcon, PauseIcon, PlayIcon } from '../../components/icons';
import { PageHeader } from '../../components/page-header';
import { LIVE_LIMIT, useLiveFeed } from '../../hooks/use-live';
import { LiveTable } from './live-table';

const CONNECTION: Record<LiveConnection, { label: string; color: string; hint: string }> = {
  connecting: { label: 'Connecting…', color: 'gray', hint: 'Opening the event stream' },
  live: { label: 'Live', color: 'green', hint: 'Events arrive as they happen' },
  reconnecting: {
    label: 'Reconnecting…',
    color: 'orange',
    hint: 'The stream dropped; it reconnects by itself. Events in between are not replayed.',
  },
};

export function LivePage() {
  const feed = useLiveFeed();
  // Names are hidden rather than shown, so a kind the runtime adds later appears by default.
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const names = useMemo(() => {
    const all = new Set<string>([...LIVE_EVENT_NAMES, ...feed.announced]);
    for (const event of feed.events) all.add(event.name);
    return [...all];
  }, [feed.announced, feed.events]);
  const counts = useMemo(() => {
    const byName = new Map<string, number>();
    for (const event of feed.events) byName.set(event.name, (byName.get(event.name) ?? 0) + 1);
    return byName;
  }, [feed.events]);
  const visible = feed.events.filter((event) => !hidden.has(event.name));
  const connection = CONNECTION[feed.connection];

  return (
    <Stack gap="lg">
      <PageHeader
        title="Live"
        description={`Runtime events as they happen: requests, skill runs, confirmations, autonomy changes and errors. The newest ${LIVE_LIMIT} stay on screen; nothing here is stored.`}
        aside={
          <>
            <Tooltip label={connection.hint} withArrow>
              <Badge
                variant="dot"
                size="lg"
                color={connection.color}
                data-testid="live-connection"
                data-state={feed.connection}
              >
                {connection.label}
              </Badge>
            </Tooltip>
            <Button
              variant={feed.paused ? 'filled' : 'default'}
              leftSection={feed.paused ? <PlayIcon size={16} /> : <PauseIcon size={16} />}
              onClick={() => feed.setPaused(!feed.paused)}
              aria-pressed={feed.paused}
            >
              {feed.paused ? 'Resume' : 'Pause'}
            </Button>
            <Button
              variant="subtle"
              color="gray"
              onClick={feed.clear}
              disabled={feed.events.length === 0}
            >
              Clear
            </Button>
          </>
        }
      />
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" align="center" gap="sm">
          <Chip.Group
            multiple
            value={names.filter((name) => !hidden.has(name))}
            onChange={(shown) => setHidden(new Set(names.filter((name) => !shown.includes(name))))}
          >
            <Group gap={6} aria-label="Event types" role="group">
              {names.map((name) => (
                <Chip key={name} value={name} size="xs" variant="outline">
                  {name}
                  <Text span c="dimmed" size="xs" ml={6}>
                    {counts.get(name) ?? 0}
                  </Text>
                </Chip>
              ))}
            </Group>
          </Chip.Group>
          {hidden.size > 0 ? (
            <Button size="xs" variant="subtle" onClick={() => setHidden(new Set())}>
              Show all types
            </Button>
          ) : null}
        </Group>
      </Paper>
      {feed.paused ? (
        <Paper withBorder radius="md" px="md" py="xs" bg="var(--mantine-color-yellow-0)">
          <Group justify="space-between" gap="sm">
            <Text size="sm" data-testid="live-buffered">
              Paused: the view is frozen.{' '}
              {feed.buffered === 0
                ? 'No new events yet.'
                : `${feed.buffered.toLocaleString()} new ${feed.buffered === 1 ? 'event' : 'events'} waiting.`}
            </Text>
            <Button size="xs" variant="light" onClick={() => feed.setPaused(false)}>
              Show them
            </Button>
          </Group>
        </Paper>
      ) : null}
      <Paper withBorder radius="md" p={0}>
        {visible.length > 0 ? (
          <LiveTable events={visible} />
        ) : (
          <EmptyState
            py={56}
            icon={<LiveIcon size={28} />}
            withIndicatorBackground
            title={
              feed.events.length > 0
                ? 'No events of the selected types'
                : feed.connection === 'live'
                  ? 'Waiting for events'
                  : 'Not connected yet'
            }
            description={
              feed.events.length > 0
                ? 'Select more event types above to see the other events received.'
                : 'Send a message on the Chat page, or let a goal run, and its requests, skill runs and confirmations show up here as they happen.'
            }
          />
        )}
      </Paper>
    </Stack>
  );
}
