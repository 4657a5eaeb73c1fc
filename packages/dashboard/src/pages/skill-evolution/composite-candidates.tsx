import { Anchor, Badge, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { SkillEvolution } from '../../api/insights';
import { type Column, DataTable } from '../../components/data-table';
import { formatPercent, plural } from '../../components/format';
import { LevelBadge } from '../skills/level-badge';

type Candidate = SkillEvolution['candidates'][number];

const COLUMNS: Column<Candidate>[] = [
  {
    key: 'sequence',
    header: 'Sequence',
    cell: (candidate) => (
      <Group gap={4} aria-label={candidate.sequence.join(' → ')}>
        {candidate.sequence.map((skill, i) => (
          <Group key={candidate.sequence.slice(0, i + 1).join('>')} gap={4} wrap="nowrap">
            {i > 0 ? <Text c="dimmed">→</Text> : null}
            <Badge variant="outline" tt="none" maw={180}>
              {skill}
            </Badge>
          </Group>
        ))}
      </Group>
    ),
  },
  {
    key: 'support',
    header: 'Support',
    width: 120,
    cell: (candidate) => plural(candidate.support, 'request'),
  },
  {
    key: 'success',
    header: 'Success',
    width: 90,
    align: 'right',
    cell: (candidate) => formatPercent(candidate.success_rate),
  },
  {
    key: 'confidence',
    header: 'P(next | before)',
    width: 140,
    align: 'right',
    priority: 2,
    cell: (candidate) => formatPercent(candidate.confidence),
  },
  {
    key: 'level',
    header: 'Level',
    width: 110,
    priority: 2,
    cell: (candidate) => (candidate.level ? <LevelBadge level={candidate.level} /> : '–'),
  },
  {
    key: 'examples',
    header: 'Examples',
    width: 200,
    priority: 3,
    cell: (candidate) => (
      <Group gap="xs">
        {candidate.examples.map((id) => (
          <Anchor key={id} component={Link} to={`/traces/${id}`} size="xs" ff="monospace">
            {id.slice(-8)}
          </Anchor>
        ))}
      </Group>
    ),
  },
];

/** Sequences of skills that often run one after the other, as composite skill candidates. */
export function CompositeCandidates({ candidates }: { candidates: Candidate[] }) {
  return (
    <DataTable
      label="Composite skill candidates"
      columns={COLUMNS}
      rows={candidates}
      rowKey={(candidate) => candidate.sequence.join('>')}
      empty={{
        title: 'No candidate yet',
        description: 'Skills that often run one after the other appear here.',
      }}
    />
  );
}
