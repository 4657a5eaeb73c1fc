import { Badge, Stack, Text, Tooltip } from '@mantine/core';
import type { Skill } from '../../api/skills';
import { type Column, DataTable } from '../../components/data-table';
import { InputSchema } from './input-schema';
import { LevelBadge } from './level-badge';

function Availability({ skill }: { skill: Skill }) {
  if (skill.available) {
    return (
      <Badge variant="dot" color="green">
        Available
      </Badge>
    );
  }
  return (
    <Stack gap={4} align="flex-start">
      <Badge variant="dot" color="gray">
        Unavailable
      </Badge>
      {skill.unavailable_reason ? (
        <Text size="xs" c="dimmed" maw={260}>
          {skill.unavailable_reason}
        </Text>
      ) : null}
    </Stack>
  );
}

interface SkillsTableProps {
  skills: Skill[];
  loading: boolean;
}

const COLUMNS: Column<Skill>[] = [
  {
    key: 'skill',
    header: 'Skill',
    width: 200,
    cell: (skill) => (
      <Text span size="sm" ff="monospace" fw={600}>
        {skill.name}
      </Text>
    ),
  },
  {
    key: 'level',
    header: 'Level',
    width: 130,
    cell: (skill) => <LevelBadge level={skill.level} />,
  },
  { key: 'description', header: 'Description', priority: 2, cell: (skill) => skill.description },
  {
    key: 'confirmation',
    header: 'Confirmation',
    width: 140,
    cell: (skill) =>
      skill.needs_confirmation ? (
        <Tooltip label="Under the current mode, each call waits for approval">
          <Badge variant="light" color="orange">
            Asks first
          </Badge>
        </Tooltip>
      ) : (
        <Text span size="sm" c="dimmed">
          Runs directly
        </Text>
      ),
  },
  {
    key: 'availability',
    header: 'Availability',
    width: 200,
    priority: 2,
    cell: (skill) => <Availability skill={skill} />,
  },
];

/** Every skill the agent has; a row opens to show the input the skill takes. */
export function SkillsTable({ skills, loading }: SkillsTableProps) {
  return (
    <DataTable
      label="Skills"
      columns={COLUMNS}
      rows={loading ? undefined : skills}
      rowKey={(skill) => skill.name}
      rowProps={(skill) => ({ 'data-skill': skill.name })}
      detail={{
        label: 'input schema',
        render: (skill) => <InputSchema schema={skill.input_schema} />,
      }}
      loadingRows={6}
      empty={{ title: 'No skills', description: 'The runtime registered no skills.' }}
    />
  );
}
