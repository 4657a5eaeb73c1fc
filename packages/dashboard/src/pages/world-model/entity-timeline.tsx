import { Anchor, EmptyState, Skeleton, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Relation } from '../../api/memory';
import { plural } from '../../components/format';
import { Panel } from '../../components/panel';
import { useEntity } from '../../hooks/use-memory';
import { IntervalBar } from './interval-bar';

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : null);
/** Unknown start of truth: the store learned it then, which is the earliest it can be shown. */
const startOf = (relation: Relation) => Date.parse(relation.valid_at ?? relation.created_at);

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
        <Table aria-label="Relation intervals">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Relation</Table.Th>
              <Table.Th>Valid from – until</Table.Th>
              <Table.Th w="35%">{`${new Date(from).toISOString().slice(0, 10)} → now`}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.relations.map((relation) => {
              const interval = `${day(relation.valid_at) ?? 'unknown'} – ${day(relation.invalid_at) ?? 'now'}`;
              const current = relation.invalid_at === null && relation.expired_at === null;
              return (
                <Table.Tr key={relation.id} aria-label={relation.fact}>
                  <Table.Td>
                    <Text size="sm">
                      {names.get(relation.source_id) ?? '?'} <i>{relation.relation}</i>{' '}
                      {names.get(relation.target_id) ?? '?'}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {relation.fact}
                      {relation.expired_at ? ' (no longer believed)' : ''}
                    </Text>
                  </Table.Td>
                  <Table.Td>{interval}</Table.Td>
                  <Table.Td>
                    <IntervalBar
                      from={from}
                      to={now}
                      start={startOf(relation)}
                      end={relation.invalid_at ? Date.parse(relation.invalid_at) : null}
                      current={current}
                      label={interval}
                    />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
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
