import { Badge, Group, Paper, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import type { IsolationMode } from '../../api/sandbox';
import { ShieldIcon } from '../../components/icons';
import { useIsolation } from '../../hooks/use-sandbox';

const MODES: Record<IsolationMode, { label: string; color: string; summary: string }> = {
  bubblewrap: {
    label: 'Bubblewrap',
    color: 'green',
    summary:
      'Each program runs in its own namespace with a read-only system and only its workspace writable.',
  },
  uid: {
    label: 'Separate user',
    color: 'yellow',
    summary:
      'Programs run as another user, without bubblewrap: they see the file system as that user does.',
  },
  none: {
    label: 'No isolation',
    color: 'red',
    summary:
      "Programs run as the runtime's own user and can read whatever the runtime can, its data included.",
  },
};

/** Which isolation shell, python_exec and custom skills run under on this runtime. */
export function IsolationPanel() {
  const isolation = useIsolation();
  const data = isolation.data;
  const mode = data ? (MODES[data.mode] ?? MODES.none) : null;

  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      data-testid="sandbox-isolation"
      data-mode={data?.mode}
      style={mode ? { borderLeft: `4px solid var(--mantine-color-${mode.color}-6)` } : undefined}
    >
      <Group gap="md" wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" color={mode?.color ?? 'gray'} size={40} radius="md">
          <ShieldIcon size={22} />
        </ThemeIcon>
        {isolation.isPending ? (
          <Stack gap={6} style={{ flex: 1 }}>
            <Skeleton h={16} w={260} />
            <Skeleton h={12} w="70%" />
          </Stack>
        ) : !data || !mode ? (
          <Stack gap={2}>
            <Text fw={600} size="sm">
              Sandbox isolation unknown
            </Text>
            <Text size="sm" c="dimmed">
              The runtime did not say how programs are isolated
              {isolation.error ? `: ${isolation.error.message}` : '.'}
            </Text>
          </Stack>
        ) : (
          <Stack gap={4} style={{ flex: 1 }}>
            <Group gap="xs" wrap="wrap">
              <Text fw={600} size="sm">
                Sandbox isolation in force: {mode.label}
              </Text>
              <Badge
                color={mode.color}
                variant="light"
                tt="none"
                ff="monospace"
                data-testid="isolation-mode"
              >
                {data.mode}
              </Badge>
              <Badge color="gray" variant="outline" tt="none" data-testid="isolation-uid">
                uid {data.uid}
              </Badge>
            </Group>
            <Text size="sm">{data.reason}</Text>
            <Text size="xs" c="dimmed">
              Applies to shell, python_exec and custom skills.{' '}
              {data.mode === 'bubblewrap' ? '' : `${mode.summary} `}Set SANDBOX in the environment
              to require or disable bubblewrap.
            </Text>
          </Stack>
        )}
      </Group>
    </Paper>
  );
}
