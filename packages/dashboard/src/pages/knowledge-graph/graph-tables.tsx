import { Anchor, Stack } from '@mantine/core';
import { Link } from 'react-router';
import type { Entity, Relation } from '../../api/memory';
import { type Column, DataTable } from '../../components/data-table';

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '–');

/** The canvas's data as tables: the relations, then the entities, for reading and for screen readers. */
export function GraphTables({ nodes, edges }: { nodes: Entity[]; edges: Relation[] }) {
  const names = new Map(nodes.map((node) => [node.id, node.name]));
  const entityLink = (id: string) => (
    <Anchor component={Link} to={`/world-model?entity=${encodeURIComponent(id)}`} size="sm">
      {names.get(id) ?? id}
    </Anchor>
  );
  const relationColumns: Column<Relation>[] = [
    { key: 'from', header: 'From', cell: (edge) => entityLink(edge.source_id) },
    { key: 'relation', header: 'Relation', priority: 2, cell: (edge) => edge.relation },
    { key: 'to', header: 'To', cell: (edge) => entityLink(edge.target_id) },
    { key: 'fact', header: 'Fact', cell: (edge) => edge.fact, truncate: (edge) => edge.fact },
    {
      key: 'from-day',
      header: 'Valid from',
      width: 110,
      priority: 3,
      cell: (e) => day(e.valid_at),
    },
    {
      key: 'until',
      header: 'Valid until',
      width: 110,
      priority: 3,
      cell: (e) => day(e.invalid_at),
    },
  ];
  const entityColumns: Column<Entity>[] = [
    { key: 'entity', header: 'Entity', cell: (node) => entityLink(node.id) },
    { key: 'type', header: 'Type', cell: (node) => node.type },
    {
      key: 'mentions',
      header: 'Mentions',
      width: 100,
      align: 'right',
      cell: (n) => n.mention_count,
    },
    { key: 'seen', header: 'Last seen', width: 110, priority: 2, cell: (n) => day(n.last_seen_at) },
  ];
  return (
    <Stack gap="md">
      <DataTable
        label="Relations"
        columns={relationColumns}
        rows={edges}
        rowKey={(edge) => edge.id}
        rowProps={(edge) => ({ 'aria-label': edge.fact })}
        empty={{ title: 'No relations', description: 'Facts that link two entities appear here.' }}
      />
      <DataTable
        label="Entities"
        columns={entityColumns}
        rows={nodes}
        rowKey={(node) => node.id}
        rowProps={(node) => ({ 'aria-label': node.name })}
        empty={{ title: 'No entities', description: 'People, places and things the memory knows.' }}
      />
    </Stack>
  );
}
