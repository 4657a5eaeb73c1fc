import { Anchor, Badge, Group, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { SkillEvolution } from '../../api/insights';
import { formatPercent } from '../../components/format';
import { LevelBadge } from '../skills/level-badge';

/** Sequences of skills that often run one after the other, as composite skill candidates. */
export function CompositeCandidates({ candidates }: { candidates: SkillEvolution['candidates'] }) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table aria-label="Composite skill candidates">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Sequence</Table.Th>
            <Table.Th>Support</Table.Th>
            <Table.Th>Success</Table.Th>
            <Table.Th>P(next | before)</Table.Th>
            <Table.Th>Level</Table.Th>
            <Table.Th>Examples</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {candidates.map((candidate) => (
            <Table.Tr key={candidate.sequence.join('>')}>
              <Table.Td>
                <Group gap={4} aria-label={candidate.sequence.join(' → ')}>
                  {candidate.sequence.map((skill, i) => (
                    <Group key={candidate.sequence.slice(0, i + 1).join('>')} gap={4}>
                      {i > 0 ? <Text c="dimmed">→</Text> : null}
                      <Badge variant="outline" tt="none">
                        {skill}
                      </Badge>
                    </Group>
                  ))}
                </Group>
              </Table.Td>
              <Table.Td>{candidate.support} requests</Table.Td>
              <Table.Td>{formatPercent(candidate.success_rate)}</Table.Td>
              <Table.Td>{formatPercent(candidate.confidence)}</Table.Td>
              <Table.Td>{candidate.level ? <LevelBadge level={candidate.level} /> : '–'}</Table.Td>
              <Table.Td>
                <Group gap="xs">
                  {candidate.examples.map((id) => (
                    <Anchor key={id} component={Link} to={`/traces/${id}`} size="xs" ff="monospace">
                      {id.slice(-8)}
                    </Anchor>
                  ))}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
