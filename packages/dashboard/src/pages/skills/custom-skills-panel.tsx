import {
  Accordion,
  Anchor,
  Badge,
  Button,
  EmptyState,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link } from 'react-router';
import type { CustomSkill } from '../../api/custom-skills';
import { type Column, DataTable } from '../../components/data-table';
import { Panel } from '../../components/panel';
import { useFlags } from '../../hooks/use-config';
import { useCustomSkills, useReloadCustomSkills } from '../../hooks/use-custom-skills';
import { CustomSkillGuide } from './custom-skill-guide';
import { LevelBadge } from './level-badge';

const LANGUAGES: Record<string, string> = { python: 'Python', javascript: 'JavaScript' };

function Status({ skill }: { skill: CustomSkill }) {
  if (skill.loaded) {
    return (
      <Badge variant="dot" color="green" data-testid="custom-skill-status">
        Loaded
      </Badge>
    );
  }
  return (
    <Stack gap={4} align="flex-start">
      <Badge variant="dot" color="red" data-testid="custom-skill-status">
        Not loaded
      </Badge>
      {skill.error ? (
        <Text
          size="xs"
          c="red.8"
          ff="monospace"
          style={{ overflowWrap: 'anywhere' }}
          data-testid="custom-skill-error"
        >
          {skill.error}
        </Text>
      ) : null}
    </Stack>
  );
}

const COLUMNS: Column<CustomSkill>[] = [
  {
    key: 'skill',
    header: 'Skill',
    cell: (skill) => (
      <>
        <Text size="sm" ff="monospace" fw={600} truncate="end" title={skill.name}>
          {skill.name}
        </Text>
        {skill.description ? (
          <Text size="xs" c="dimmed" lineClamp={2}>
            {skill.description}
          </Text>
        ) : null}
      </>
    ),
  },
  {
    key: 'language',
    header: 'Language',
    width: 110,
    priority: 3,
    cell: (skill) => (
      <Text size="sm" c={skill.language ? undefined : 'dimmed'}>
        {skill.language ? (LANGUAGES[skill.language] ?? skill.language) : 'Unknown'}
      </Text>
    ),
  },
  {
    key: 'level',
    header: 'Level',
    width: 130,
    cell: (skill) =>
      skill.level ? (
        <LevelBadge level={skill.level} />
      ) : (
        <Text size="sm" c="dimmed">
          Unknown
        </Text>
      ),
  },
  { key: 'status', header: 'Status', cell: (skill) => <Status skill={skill} /> },
  {
    key: 'path',
    header: 'Path',
    priority: 2,
    cell: (skill) => (
      <Text span size="xs" ff="monospace" c="dimmed">
        {skill.path}
      </Text>
    ),
    truncate: (skill) => skill.path,
  },
];

function CustomSkillsTable({ skills }: { skills: CustomSkill[] }) {
  return (
    <DataTable
      label="Custom skills"
      columns={COLUMNS}
      rows={skills}
      rowKey={(skill) => skill.name}
      rowProps={(skill) => ({
        'data-custom-skill': skill.name,
        'data-loaded': String(skill.loaded),
      })}
      empty={{ title: 'No custom skills', description: 'Skill folders appear here once loaded.' }}
    />
  );
}

/** Operator-written skills under DATA_DIR/skills: each folder, loaded or why not, and Reload. */
export function CustomSkillsPanel() {
  const list = useCustomSkills();
  const reload = useReloadCustomSkills();
  const flags = useFlags();
  const [guide, setGuide] = useState<string | null | undefined>(undefined);
  const skills = list.data?.skills ?? [];
  const failed = skills.filter((skill) => !skill.loaded).length;
  const flagOff = flags.data?.flags.some((flag) => flag.name === 'custom_skills' && !flag.enabled);
  // The guide starts open while there is nothing to list, then stays as the operator leaves it.
  const guideOpen =
    guide === undefined ? (list.data && skills.length === 0 ? 'guide' : null) : guide;

  const runReload = () =>
    reload.mutate(undefined, {
      onSuccess: (result) => {
        const bad = result.skills.filter((skill) => !skill.loaded).length;
        notifications.show({
          color: bad > 0 ? 'yellow' : 'green',
          title: 'Custom skills reloaded',
          message:
            result.skills.length === 0
              ? `No skill folders in ${result.folder}.`
              : `${result.skills.length - bad} loaded${bad > 0 ? `, ${bad} with errors` : ''}.`,
        });
      },
    });

  return (
    <Panel
      title="Custom skills"
      aside={
        <Group gap="sm" wrap="nowrap">
          {list.data && skills.length > 0 ? (
            <Text size="sm" c="dimmed" data-testid="custom-skills-summary">
              {skills.length - failed} loaded{failed > 0 ? `, ${failed} failed` : ''}
            </Text>
          ) : null}
          <Button size="xs" variant="light" onClick={runReload} loading={reload.isPending}>
            Reload
          </Button>
        </Group>
      }
    >
      <Text size="sm" c="dimmed">
        Skills you write yourself in Python or JavaScript, offered to the model next to the built-in
        ones at the level their manifest names.
        {list.data ? (
          <>
            {' '}
            Folder:{' '}
            <Text span ff="monospace" size="sm" c="var(--mantine-color-text)">
              {list.data.folder}
            </Text>
          </>
        ) : null}
      </Text>
      {flagOff ? (
        <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-yellow-0)">
          <Text size="sm" data-testid="custom-skills-flag-off">
            The <b>custom_skills</b> feature flag is off: these skills are offered to no one and
            calls are refused.{' '}
            <Anchor component={Link} to="/config?tab=flags" size="sm">
              Turn it on in the configuration
            </Anchor>
          </Text>
        </Paper>
      ) : null}
      <Paper withBorder radius="md" p={0}>
        {list.isPending ? (
          <Stack gap="xs" p="md">
            <Skeleton h={14} />
            <Skeleton h={14} />
          </Stack>
        ) : list.isError && !list.data ? (
          <EmptyState py={32} size="sm" title="The custom skills could not be listed">
            <EmptyState.Actions>
              <Button variant="light" onClick={() => list.refetch()}>
                Try again
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        ) : skills.length === 0 ? (
          <EmptyState
            py={32}
            size="sm"
            title="No custom skills"
            description={`Add a folder with a manifest.json under ${list.data?.folder ?? 'DATA_DIR/skills'}, then press Reload.`}
          />
        ) : (
          <CustomSkillsTable skills={skills} />
        )}
      </Paper>
      <Accordion
        variant="contained"
        radius="md"
        value={guideOpen}
        onChange={(value) => setGuide(value)}
      >
        <Accordion.Item value="guide">
          <Accordion.Control>
            <Text size="sm" fw={500}>
              How to add a custom skill: the folder and the manifest
            </Text>
          </Accordion.Control>
          <Accordion.Panel>
            <CustomSkillGuide folder={list.data?.folder ?? 'DATA_DIR/skills'} />
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>
    </Panel>
  );
}
