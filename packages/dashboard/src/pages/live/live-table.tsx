import { ActionIcon, Anchor, Badge, Code, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { LiveEvent } from '../../api/live';
import { formatAbsolute } from '../../components/format';
import { ChevronIcon } from '../../components/icons';
import { clockTime, eventColor, requestIdOf, summarize } from './live-summary';

const COLUMNS = 5;

function LiveRow({
  event,
  expanded,
  onToggle,
}: {
  event: LiveEvent;
  expanded: boolean;
  onToggle: () => void;
}) {
  const requestId = requestIdOf(event);
  const summary = summarize(event);
  return (
    <>
      <Table.Tr
        data-live-event={event.name}
        bg={expanded ? 'var(--mantine-color-gray-0)' : undefined}
      >
        <Table.Td w={40}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            aria-label={expanded ? 'Hide payload' : 'Show payload'}
            aria-expanded={expanded}
            onClick={onToggle}
          >
            <ChevronIcon
              size={16}
              style={{ transform: expanded ? 'rotate(90deg)' : undefined, transition: '120ms' }}
            />
          </ActionIcon>
        </Table.Td>
        <Table.Td w={120}>
          <Text
            size="sm"
            ff="monospace"
            component="time"
            dateTime={event.ts}
            title={formatAbsolute(event.ts)}
          >
            {clockTime(event.ts)}
          </Text>
        </Table.Td>
        <Table.Td w={190}>
          <Badge
            variant="light"
            color={eventColor(event)}
            radius="sm"
            tt="none"
            ff="monospace"
            fw={500}
          >
            {event.name}
          </Badge>
        </Table.Td>
        <Table.Td>
          <Text size="sm" truncate maw={640} title={summary}>
            {summary}
          </Text>
        </Table.Td>
        <Table.Td w={150}>
          {requestId ? (
            <Anchor
              component={Link}
              to={`/traces/${encodeURIComponent(requestId)}`}
              size="sm"
              ff="monospace"
              title={`Trace of request ${requestId}`}
            >
              {requestId.slice(-12)}
            </Anchor>
          ) : (
            <Text size="sm" c="dimmed">
              —
            </Text>
          )}
        </Table.Td>
      </Table.Tr>
      {expanded ? (
        <Table.Tr bg="var(--mantine-color-gray-0)">
          <Table.Td />
          <Table.Td colSpan={COLUMNS - 1}>
            <Code block>{JSON.stringify(event.data, null, 2)}</Code>
          </Table.Td>
        </Table.Tr>
      ) : null}
    </>
  );
}

export function LiveTable({ events }: { events: LiveEvent[] }) {
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const toggle = (seq: number) =>
    setExpanded((previous) => {
      const next = new Set(previous);
      if (!next.delete(seq)) next.add(seq);
      return next;
    });
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table verticalSpacing={6} highlightOnHover aria-label="Live events">
        <Table.Thead>
          <Table.Tr>
            <Table.Th aria-label="Payload" />
            <Table.Th>Time</Table.Th>
            <Table.Th>Event</Table.Th>
            <Table.Th>Summary</Table.Th>
            <Table.Th>Request</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {events.map((event) => (
            <LiveRow
              key={event.seq}
              event={event}
              expanded={expanded.has(event.seq)}
              onToggle={() => toggle(event.seq)}
            />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
