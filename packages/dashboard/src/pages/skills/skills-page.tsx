import { Badge, Button, EmptyState, Group, Paper, Stack, Text } from '@mantine/core';
import { CAPABILITY_LEVELS, type Skill } from '../../api/skills';
import { PageHeader } from '../../components/page-header';
import { Panel } from '../../components/panel';
import { UntrustedGuardWarning } from '../../components/untrusted-guard-warning';
import { useSkills } from '../../hooks/use-skills';
import { LEVEL_AUDIT } from './autonomy-modes';
import { AutonomyPanel } from './autonomy-panel';
import { CustomSkillsPanel } from './custom-skills-panel';
import { IsolationPanel } from './isolation-panel';
import { LevelBadge } from './level-badge';
import { SkillsTable } from './skills-table';

/** From least to most dangerous, then by name. */
const byLevel = (a: Skill, b: Skill) =>
  CAPABILITY_LEVELS.indexOf(a.level) - CAPABILITY_LEVELS.indexOf(b.level) ||
  a.name.localeCompare(b.name);

function LevelLegend({ skills }: { skills: Skill[] }) {
  return (
    <Group gap="lg" wrap="wrap">
      {CAPABILITY_LEVELS.map((level) => {
        const count = skills.filter((skill) => skill.level === level).length;
        return (
          <Group key={level} gap={6} wrap="nowrap">
            <LevelBadge level={level} />
            <Text size="xs" c="dimmed">
              {count} · {LEVEL_AUDIT[level]}
            </Text>
          </Group>
        );
      })}
    </Group>
  );
}

export function SkillsPage() {
  const list = useSkills();
  const skills = [...(list.data?.skills ?? [])].sort(byLevel);
  const unavailable = skills.filter((skill) => !skill.available).length;
  const asking = skills.filter((skill) => skill.needs_confirmation).length;

  return (
    <Stack gap="lg">
      <PageHeader
        title="Skills"
        description="What the agent can do, how dangerous each skill is, how much of it waits for your approval, and how its programs are isolated."
        aside={
          list.data ? (
            <>
              <Badge variant="light" color="gray" size="lg">
                {skills.length} installed
              </Badge>
              {unavailable > 0 ? (
                <Badge variant="light" color="yellow" size="lg">
                  {unavailable} unavailable
                </Badge>
              ) : null}
            </>
          ) : null
        }
      />
      <UntrustedGuardWarning />
      <IsolationPanel />
      <AutonomyPanel />
      <Panel
        title="Installed skills"
        aside={
          list.data ? (
            <Text size="sm" c="dimmed" data-testid="skills-summary">
              {asking === 0
                ? 'No skill asks first in this mode'
                : `${asking} of ${skills.length} ask first in ${list.data.mode} mode`}
            </Text>
          ) : null
        }
      >
        {list.data ? <LevelLegend skills={skills} /> : null}
        <Paper withBorder radius="md" p={0}>
          {!list.isPending && skills.length === 0 ? (
            <EmptyState
              py={40}
              title={list.isError ? 'The skills could not be loaded' : 'No skills are installed'}
              description={
                list.isError
                  ? 'The runtime did not answer the request.'
                  : 'The runtime registers its built-in skills at start; none were found.'
              }
            >
              {list.isError ? (
                <EmptyState.Actions>
                  <Button variant="light" onClick={() => list.refetch()}>
                    Try again
                  </Button>
                </EmptyState.Actions>
              ) : null}
            </EmptyState>
          ) : (
            <SkillsTable skills={skills} loading={list.isPending} />
          )}
        </Paper>
        <Text size="xs" c="dimmed">
          Click a skill to see the parameters the model passes to it. A skill's level can be higher
          for one call than its listed level (an HTTP POST is RESTRICTED, a GET is not).
        </Text>
      </Panel>
      <CustomSkillsPanel />
    </Stack>
  );
}
