import { Anchor, Badge, Box, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { SearchResult } from '../../api/memory';
import { ItemStatusBadge } from '../memory/item-status-badge';

type Hit = SearchResult['hits'][number];

const score = (value: number | null, digits = 3) => (value === null ? '–' : value.toFixed(digits));

function HitText({ hit }: { hit: Hit }) {
  if (hit.item)
    return (
      <Anchor component={Link} to={`/memory?item=${encodeURIComponent(hit.item.id)}`} size="sm">
        {hit.item.text}
      </Anchor>
    );
  const observation = hit.observation;
  if (!observation) return null;
  return (
    <Text size="sm" lineClamp={3}>
      {observation.content}{' '}
      {observation.request_id ? (
        <Anchor component={Link} to={`/traces/${observation.request_id}`} size="xs">
          trace
        </Anchor>
      ) : null}
    </Text>
  );
}

/** Hits in fused order, with each list's rank and raw score so the order can be checked. */
export function SearchHits({ hits }: { hits: Hit[] }) {
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table aria-label="Search hits">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>#</Table.Th>
            <Table.Th>Hit</Table.Th>
            <Table.Th>Fused score</Table.Th>
            <Table.Th>Full text</Table.Th>
            <Table.Th>Trigram</Table.Th>
            <Table.Th>Vector</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {hits.map((hit, index) => (
            <Table.Tr
              key={hit.item?.id ?? hit.observation?.id ?? index}
              aria-label={`Hit ${index + 1}`}
            >
              <Table.Td>{index + 1}</Table.Td>
              <Table.Td>
                <Badge size="xs" variant="light" mr="xs">
                  {hit.item ? hit.item.path : `observation · ${hit.observation?.source_kind}`}
                </Badge>
                {hit.item ? <ItemStatusBadge status={hit.item.status} /> : null}
                <Box mt={4}>
                  <HitText hit={hit} />
                </Box>
              </Table.Td>
              <Table.Td data-testid="fused-score">{score(hit.score, 4)}</Table.Td>
              {(['full_text', 'trigram', 'vector'] as const).map((list) => (
                <Table.Td key={list}>
                  {hit.ranks[list] === null
                    ? '–'
                    : `#${hit.ranks[list]} · ${score(hit.scores[list])}`}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
