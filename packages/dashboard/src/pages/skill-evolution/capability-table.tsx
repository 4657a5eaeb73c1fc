import { Stack, Table, Text } from '@mantine/core';
import type { SkillEvolution } from '../../api/insights';
import { formatPercent, plural } from '../../components/format';

/** Each skill's calls, success and median latency, one column per week. */
export function CapabilityTable({ evolution }: { evolution: SkillEvolution }) {
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped aria-label="Capability evolution">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Skill</Table.Th>
            {evolution.weeks.map((week) => (
              <Table.Th key={week}>{week.slice(5)}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {evolution.skills.map((skill) => (
            <Table.Tr key={skill.skill} aria-label={skill.skill}>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {skill.skill}
                </Text>
                <Text size="xs" c="dimmed">
                  {plural(skill.calls, 'call')}
                </Text>
              </Table.Td>
              {skill.weeks.map((week) => (
                <Table.Td key={week.week} data-testid={`${skill.skill}-${week.week}`}>
                  {week.calls === 0 ? (
                    <Text size="xs" c="dimmed">
                      –
                    </Text>
                  ) : (
                    <Stack gap={0}>
                      <Text size="xs">{plural(week.calls, 'call')}</Text>
                      <Text size="xs" c="dimmed">
                        {week.success_rate === null
                          ? 'no result'
                          : formatPercent(week.success_rate)}
                        {week.p50_ms === null ? '' : ` · ${week.p50_ms} ms`}
                      </Text>
                    </Stack>
                  )}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
