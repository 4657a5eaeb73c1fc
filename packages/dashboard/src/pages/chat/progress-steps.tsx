import { Badge, Box, Group, Loader, Stack, Text } from '@mantine/core';
import type { StepStatus } from '../../api/chat';
import type { TurnStep } from '../../hooks/use-chat';
import { STEP_STATUS } from './chat-labels';

function StepBullet({ status }: { status: StepStatus }) {
  return (
    <Box w={14} h={14} style={{ display: 'grid', placeItems: 'center', flex: 'none' }}>
      {status === 'running' ? (
        <Loader size={12} color="blue" />
      ) : (
        <Box
          w={8}
          h={8}
          style={{
            borderRadius: '50%',
            background: `var(--mantine-color-${STEP_STATUS[status].color}-6)`,
          }}
        />
      )}
    </Box>
  );
}

/** The skills a reply ran, in order, as a compact timeline above its text. */
export function ProgressSteps({ steps }: { steps: TurnStep[] }) {
  if (steps.length === 0) return null;
  return (
    <Stack
      component="ol"
      aria-label="Skill steps"
      gap={6}
      m={0}
      py={2}
      pl="sm"
      style={{ listStyle: 'none', borderLeft: '2px solid var(--mantine-color-gray-3)' }}
    >
      {steps.map((step) => {
        const status = STEP_STATUS[step.status];
        return (
          <Group
            component="li"
            key={step.step}
            gap="xs"
            wrap="nowrap"
            data-testid="progress-step"
            data-skill={step.skill}
            data-status={step.status}
          >
            <StepBullet status={step.status} />
            <Text size="xs" c="dimmed" w={42} style={{ flex: 'none' }}>
              Step {step.step}
            </Text>
            <Text size="sm" ff="monospace" fw={500} truncate>
              {step.skill}
            </Text>
            <Badge size="xs" variant="light" color={status.color} radius="sm" tt="none">
              {status.label}
            </Badge>
          </Group>
        );
      })}
    </Stack>
  );
}
