import { Anchor, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Entity, Relation } from '../../api/memory';

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '–');

/** The canvas's data as tables: the relations, then the entities, for reading and for screen readers. */
export function GraphTables({ nodes, edges }: { nodes: Entity[]; edges: Relation[] }) {
  const names = new Map(nodes.map((node) => [node.id, node.name]));
  const entityLink = (id: string) => (
    <Anchor component={Link} to={`/world-model?entity=${encodeURIComponent(id)}`} size="sm">
      {names.get(id) ?? id}
    </Anchor>
  );
  return (
    <>
      <Table.ScrollContainer minWidth={720}>
        <Table aria-label="Relations">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>From</Table.Th>
              <Table.Th>Relation</Table.Th>
              <Table.Th>To</Table.Th>
              <Table.Th>Fact</Table.Th>
              <Table.Th>Valid from</Table.Th>
              <Table.Th>Valid until</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {edges.map((edge) => (
              <Table.Tr key={edge.id} aria-label={edge.fact}>
                <Table.Td>{entityLink(edge.source_id)}</Table.Td>
                <Table.Td>{edge.relation}</Table.Td>
                <Table.Td>{entityLink(edge.target_id)}</Table.Td>
                <Table.Td>
                  <Text size="sm">{edge.fact}</Text>
                </Table.Td>
                <Table.Td>{day(edge.valid_at)}</Table.Td>
                <Table.Td>{day(edge.invalid_at)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Table aria-label="Entities">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Entity</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Mentions</Table.Th>
            <Table.Th>Last seen</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {nodes.map((node) => (
            <Table.Tr key={node.id} aria-label={node.name}>
              <Table.Td>{entityLink(node.id)}</Table.Td>
              <Table.Td>{node.type}</Table.Td>
              <Table.Td>{node.mention_count}</Table.Td>
              <Table.Td>{day(node.last_seen_at)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </>
  );
}
