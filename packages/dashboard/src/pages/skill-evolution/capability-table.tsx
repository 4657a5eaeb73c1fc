import { Stack, Text } from '@mantine/core';
import type { SkillEvolution } from '../../api/insights';
import { type Column, type ColumnPriority, DataTable } from '../../components/data-table';
import { formatPercent, plural } from '../../components/format';

type SkillRow = SkillEvolution['skills'][number];

/** The latest weeks stay as the screen narrows; older ones go first. */
const weekPriority = (fromLatest: number): ColumnPriority =>
  fromLatest < 4 ? 1 : fromLatest < 8 ? 2 : 3;

function WeekCell({ week }: { week: SkillRow['weeks'][number] }) {
  if (week.calls === 0)
    return (
      <Text size="xs" c="dimmed">
        –
      </Text>
    );
  return (
    <Stack gap={0}>
      <Text size="xs">{plural(week.calls, 'call')}</Text>
      <Text size="xs" c="dimmed">
        {week.success_rate === null ? 'no result' : formatPercent(week.success_rate)}
      </Text>
      {week.p50_ms === null ? null : (
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {week.p50_ms} ms
        </Text>
      )}
    </Stack>
  );
}

/** Each skill's calls, success and median latency, one column per week. */
export function CapabilityTable({ evolution }: { evolution: SkillEvolution }) {
  const columns: Column<SkillRow>[] = [
    {
      key: 'skill',
      header: 'Skill',
      width: 160,
      cell: (skill) => (
        <>
          <Text size="sm" fw={600} truncate="end" title={skill.skill}>
            {skill.skill}
          </Text>
          <Text size="xs" c="dimmed">
            {plural(skill.calls, 'call')}
          </Text>
        </>
      ),
    },
    ...evolution.weeks.map(
      (week, index): Column<SkillRow> => ({
        key: week,
        header: week.slice(5),
        priority: weekPriority(evolution.weeks.length - 1 - index),
        cell: (skill) => {
          const found = skill.weeks.find((w) => w.week === week);
          return found ? (
            <div data-testid={`${skill.skill}-${week}`}>
              <WeekCell week={found} />
            </div>
          ) : null;
        },
      }),
    ),
  ];
  return (
    <DataTable
      label="Capability evolution"
      columns={columns}
      rows={evolution.skills}
      rowKey={(skill) => skill.skill}
      rowProps={(skill) => ({ 'aria-label': skill.skill })}
      empty={{ title: 'No skill calls yet', description: 'Skill calls per week appear here.' }}
    />
  );
}
