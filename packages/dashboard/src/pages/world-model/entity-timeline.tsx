import { Anchor, EmptyState, Skeleton, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Relation } from '../../api/memory';
import { type Column, DataTable } from '../../components/data-table';
import { plural } from '../../components/format';
import { Panel } from '../../components/panel';
import { useEntity } from '../../hooks/use-memory';
import { IntervalBar } from './interval-bar';

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : null);
/** Unknown start of truth: the store learned it then, which is the earliest it can be shown. */
const startOf = (relation: Relation) => Date.parse(relation.valid_at ?? relation.created_at);

const intervalOf = (relation: Relation) =>
  `${day(relation.valid_at) ?? 'unknown'} – ${day(relation.invalid_at) ?? 'now'}`;

const intervalColumns = (
  names: Map<string, string>,
  from: number,
  now: number,
): Column<Relation>[] => [
  {
    key: 'relation',
    header: 'Relation',
    cell: (relation) => (
      <>
        <Text size="sm">
          {names.get(relation.source_id) ?? '?'} <i>{relation.relation}</i>{' '}
          {names.get(relation.target_id) ?? '?'}
        </Text>
        <Text size="xs" c="dimmed">
          {relation.fact}
          {relation.expired_at ? ' (no longer believed)' : ''}
        </Text>
      </>
    ),
  },
  {
    key: 'interval',
    header: 'Valid from – until',
    width: 200,
    cell: (relation) => <span style={{ whiteSpace: 'nowrap' }}>{intervalOf(relation)}</span>,
  },
  {
    key: 'bar',
    header: `${new Date(from).toISOString().slice(0, 10)} → now`,
    priority: 2,
    cell: (relation) => (
      <IntervalBar
        from={from}
        to={now}
        start={startOf(relation)}
        end={relation.invalid_at ? Date.parse(relation.invalid_at) : null}
        current={relation.invalid_at === null && relation.expired_at === null}
        label={intervalOf(relation)}
      />
    ),
  },
];

/** An entity's relations as intervals of world time, and the observations that mention it. */
export function EntityTimeline({ id }: { id: string }) {
  const { data, isError } = useEntity(id);
  if (!data)
    return isError ? (
      <EmptyState size="sm" title="The entity could not be loaded" />
    ) : (
      <Skeleton h={200} />
    );
  const names = new Map([data.entity, ...data.related_entities].map((e) => [e.id, e.name]));
  const now = Date.now();
  const from = Math.min(now, ...data.relations.map(startOf));
  return (
    <Panel title={`${data.entity.name} · ${data.entity.type}`}>
      {data.entity.summary ? <Text size="sm">{data.entity.summary}</Text> : null}
      {data.relations.length === 0 ? (
        <Text size="sm" c="dimmed">
          No relation with another entity is known yet.
        </Text>
      ) : (
        <DataTable
          label="Relation intervals"
          columns={intervalColumns(names, from, now)}
          rows={data.relations}
          rowKey={(relation) => relation.id}
          rowProps={(relation) => ({ 'aria-label': relation.fact })}
          empty={{
            title: 'No relations',
            description: 'No relation with another entity is known yet.',
          }}
        />
      )}
      <Stack gap={4}>
        <Text fw={600} size="sm">
          Mentioned in {plural(data.observations.length, 'observation')}
        </Text>
        {data.observations.slice(0, 10).map((observation) => (
          <Text key={observation.id} size="xs" lineClamp={2}>
            {observation.observed_at.slice(0, 10)}: {observation.content}{' '}
            {observation.request_id ? (
              <Anchor component={Link} to={`/traces/${observation.request_id}`} size="xs">
                trace
              </Anchor>
            ) : null}
          </Text>
        ))}
      </Stack>
    </Panel>
  );
}
