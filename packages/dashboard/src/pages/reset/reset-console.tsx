import { Badge, Code, Group, Paper, Stack, Text } from '@mantine/core';
import type { ResetPlan, ResetStepEvent } from '../../api/reset';

const COLORS = { pending: 'gray', running: 'blue', done: 'green', failed: 'red' } as const;

/** The six steps as they stream in: status, what each did and how long it took. */
export function ResetConsole({
  steps,
  events,
}: {
  steps: ResetPlan['steps'];
  events: ResetStepEvent[];
}) {
  return (
    <Paper withBorder radius="md" p="md" bg="dark.8" data-testid="reset-console" aria-live="polite">
      <Stack gap="xs">
        {steps.map((step) => {
          const event = events.find((e) => e.step === step.step);
          const status = event?.status ?? 'pending';
          return (
            <Group
              key={step.step}
              gap="sm"
              wrap="nowrap"
              align="flex-start"
              data-testid={`reset-step-${step.step}`}
              data-status={status}
            >
              <Badge color={COLORS[status]} variant="light" w={86}>
                {status}
              </Badge>
              <Stack gap={0} style={{ flex: 1 }}>
                <Text size="sm" ff="monospace" c="gray.2">
                  {`${step.step}. ${step.name}`}
                </Text>
                <Text size="xs" c="gray.5">
                  {event?.detail ?? step.description}
                </Text>
              </Stack>
              {event?.duration_ms !== undefined ? (
                <Code
                  data-testid={`reset-step-${step.step}-duration`}
                >{`${event.duration_ms} ms`}</Code>
              ) : null}
            </Group>
          );
        })}
      </Stack>
    </Paper>
  );
}
