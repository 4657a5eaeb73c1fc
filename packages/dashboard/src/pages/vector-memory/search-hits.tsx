import { Anchor, Badge, Box, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { SearchResult } from '../../api/memory';
import { type Column, DataTable } from '../../components/data-table';

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

const LISTS = [
  { list: 'full_text', header: 'Full text' },
  { list: 'trigram', header: 'Trigram' },
  { list: 'vector', header: 'Vector' },
] as const;

const COLUMNS: Column<{ hit: Hit; number: number }>[] = [
  { key: 'number', header: '#', width: 48, cell: ({ number }) => number },
  {
    key: 'hit',
    header: 'Hit',
    cell: ({ hit }) => (
      <>
        <Badge size="xs" variant="light" mr="xs" maw="100%">
          {hit.item ? hit.item.path : `observation · ${hit.observation?.source_kind}`}
        </Badge>
        {hit.item ? <ItemStatusBadge status={hit.item.status} /> : null}
        <Box mt={4}>
          <HitText hit={hit} />
        </Box>
      </>
    ),
  },
  {
    key: 'fused',
    header: 'Fused score',
    width: 110,
    align: 'right',
    cell: ({ hit }) => <span data-testid="fused-score">{score(hit.score, 4)}</span>,
  },
  ...LISTS.map(
    ({ list, header }): Column<{ hit: Hit; number: number }> => ({
      key: list,
      header,
      width: 120,
      priority: 2,
      cell: ({ hit }) =>
        hit.ranks[list] === null ? '–' : `#${hit.ranks[list]} · ${score(hit.scores[list])}`,
    }),
  ),
];

/** Hits in fused order, with each list's rank and raw score so the order can be checked. */
export function SearchHits({ hits }: { hits: Hit[] }) {
  const numbered = hits.map((hit, index) => ({ hit, number: index + 1 }));
  return (
    <DataTable
      label="Search hits"
      columns={COLUMNS}
      rows={numbered}
      rowKey={({ hit, number }) => hit.item?.id ?? hit.observation?.id ?? String(number)}
      rowProps={({ number }) => ({ 'aria-label': `Hit ${number}` })}
      empty={{ title: 'No hits', description: 'Nothing in memory matches the query.' }}
    />
  );
}
