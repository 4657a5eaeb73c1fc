import {
  Badge,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { useState } from 'react';
import { AUTONOMY_MODES, type AutonomyMode } from '../../api/skills';
import { Panel } from '../../components/panel';
import { useAutonomy, useSetAutonomyMode } from '../../hooks/use-skills';
import { announceModeChange, MODE_INFO } from './autonomy-modes';
import { AutonomySwitchDialog } from './autonomy-switch-dialog';
import { LevelBadge } from './level-badge';

function ModeCard({ mode, current }: { mode: AutonomyMode; current: boolean }) {
  const info = MODE_INFO[mode];
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      data-testid={`mode-${mode}`}
      style={
        current
          ? {
              borderColor: 'var(--mantine-primary-color-filled)',
              boxShadow: '0 0 0 1px var(--mantine-primary-color-filled)',
            }
          : undefined
      }
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600} size="sm">
            {mode} · {info.label}
          </Text>
          {current ? <Badge size="sm">Current</Badge> : null}
        </Group>
        <Text size="sm" c="dimmed">
          {info.summary}
        </Text>
        <Group gap={6}>
          <Text size="xs" fw={600} c="dimmed" tt="uppercase" lts={0.5}>
            Asks first:
          </Text>
          {info.confirms.length === 0 ? (
            <Text size="xs" c="dimmed">
              nothing
            </Text>
          ) : info.confirms.length === 5 ? (
            <Text size="xs" fw={500}>
              every skill
            </Text>
          ) : (
            info.confirms.map((level) => <LevelBadge key={level} level={level} size="xs" />)
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

/** The autonomy mode: switching to FULL is confirmed first, the others apply at once. */
export function AutonomyPanel() {
  const autonomy = useAutonomy();
  const setMode = useSetAutonomyMode();
  const [pending, setPending] = useState<AutonomyMode | null>(null);
  const current = autonomy.data?.mode;
  const modes = autonomy.data?.modes ?? [...AUTONOMY_MODES];

  const apply = (mode: AutonomyMode) =>
    setMode.mutate(mode, { onSuccess: ({ mode: now }) => announceModeChange(now) });

  const choose = (value: string) => {
    const mode = value as AutonomyMode;
    if (mode === current) return;
    if (mode === 'FULL') setPending(mode);
    else apply(mode);
  };

  return (
    <Panel
      title="Autonomy mode"
      aside={
        current ? (
          <SegmentedControl
            aria-label="Autonomy mode"
            value={current}
            onChange={choose}
            disabled={setMode.isPending}
            data={modes.map((mode) => ({ value: mode, label: mode }))}
          />
        ) : (
          <Skeleton h={32} w={220} />
        )
      }
    >
      <Text size="sm" c="dimmed">
        The mode decides which skill calls wait for an operator's approval before they run. A call
        nobody answers within the confirmation timeout is denied.
      </Text>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
        {AUTONOMY_MODES.map((mode) =>
          current ? (
            <ModeCard key={mode} mode={mode} current={mode === current} />
          ) : (
            <Skeleton key={mode} h={150} radius="md" />
          ),
        )}
      </SimpleGrid>
      <AutonomySwitchDialog mode={pending} onClose={() => setPending(null)} />
    </Panel>
  );
}
