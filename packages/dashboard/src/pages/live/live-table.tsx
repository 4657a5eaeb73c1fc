import { Anchor, Badge, Code, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { LiveEvent } from '../../api/live';
import { type Column, DataTable } from '../../components/data-table';
import { formatAbsolute } from '../../components/format';
import { clockTime, eventColor, requestIdOf, summarize } from './live-summary';

const COLUMNS: Column<LiveEvent>[] = [
  {
    key: 'time',
    header: 'Time',
    width: 110,
    cell: (event) => (
      <Text
        span
        size="sm"
        ff="monospace"
        component="time"
        dateTime={event.ts}
        title={formatAbsolute(event.ts)}
      >
        {clockTime(event.ts)}
      </Text>
    ),
  },
  {
    key: 'event',
    header: 'Event',
    width: 200,
    cell: (event) => (
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
    ),
  },
  { key: 'summary', header: 'Summary', cell: summarize, truncate: summarize },
  {
    key: 'request',
    header: 'Request',
    width: 140,
    priority: 2,
    cell: (event) => {
      const requestId = requestIdOf(event);
      return requestId ? (
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
        <Text span size="sm" c="dimmed">
          —
        </Text>
      );
    },
  },
];

/** The feed's events, newest first; a row opens to show the event's payload. */
export function LiveTable({ events }: { events: LiveEvent[] }) {
  return (
    <DataTable
      label="Live events"
      columns={COLUMNS}
      rows={events}
      rowKey={(event) => String(event.seq)}
      rowProps={(event) => ({ 'data-live-event': event.name })}
      detail={{
        label: 'payload',
        render: (event) => <Code block>{JSON.stringify(event.data, null, 2)}</Code>,
      }}
      empty={{ title: 'No events', description: 'Events appear here as they happen.' }}
    />
  );
}
