import { Alert, Anchor, Badge, Box, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { FailureNote } from '../../components/failure-note';
import { LogoMark } from '../../components/icons';
import { ModelText } from '../../components/model-text';
import { RelativeTime } from '../../components/relative-time';
import type { TurnStep } from '../../hooks/use-chat';
import { tierLabel } from './chat-labels';
import { ConfirmationCard } from './confirmation-card';
import { ProgressSteps } from './progress-steps';

const textStyle = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;

export function UserMessage({ text, createdAt }: { text: string; createdAt?: string }) {
  return (
    <Group justify="flex-end" data-testid="user-message">
      <Stack gap={2} align="flex-end" maw="80%">
        <Paper
          radius="lg"
          px="md"
          py="xs"
          bg="var(--mantine-color-indigo-0)"
          style={{ border: '1px solid var(--mantine-color-indigo-1)', borderBottomRightRadius: 4 }}
        >
          <Text size="sm" style={textStyle}>
            {text}
          </Text>
        </Paper>
        {createdAt ? (
          <Text size="xs" c="dimmed">
            <RelativeTime value={createdAt} />
          </Text>
        ) : null}
      </Stack>
    </Group>
  );
}

export interface AssistantMessageProps {
  text: string;
  steps?: TurnStep[];
  /** The reply is still arriving. */
  streaming?: boolean;
  tier?: string | undefined;
  requestId?: string | null | undefined;
  createdAt?: string | undefined;
  error?: string | undefined;
  stopped?: boolean;
}

/** A reply: its skill steps, any confirmation it waited for, its text and where it came from. */
export function AssistantMessage({
  text,
  steps = [],
  streaming = false,
  tier,
  requestId,
  createdAt,
  error,
  stopped = false,
}: AssistantMessageProps) {
  const waiting = steps.some((step) => step.status === 'awaiting_confirmation');
  const thinking = streaming && !text && !waiting;
  const confirmations = steps.filter((step) => step.confirmationId);
  return (
    <Group align="flex-start" gap="sm" wrap="nowrap" data-testid="assistant-turn">
      <Box pt={4} style={{ flex: 'none' }}>
        <LogoMark size={26} />
      </Box>
      <Stack gap={6} maw="min(85%, 760px)" miw={0} style={{ flex: 1 }}>
        <Paper withBorder radius="lg" px="md" py="sm" style={{ borderTopLeftRadius: 4 }}>
          <Stack gap="sm">
            <ProgressSteps steps={steps} />
            {steps
              .filter((step) => step.status === 'error' && step.error)
              .map((step) => (
                <FailureNote
                  key={`failed-${step.step}`}
                  what={`Step ${step.step}, ${step.skill}, failed`}
                  next="The model was told it failed and answered without its result."
                  detail={step.error ?? ''}
                  subject="tool"
                  testId="step-failure"
                />
              ))}
            {confirmations.map((step) =>
              step.confirmationId ? (
                <ConfirmationCard
                  key={step.confirmationId}
                  confirmationId={step.confirmationId}
                  step={step}
                  active={streaming}
                />
              ) : null,
            )}
            {streaming ? (
              <Text
                size="sm"
                style={textStyle}
                aria-live="polite"
                data-testid="assistant-streaming"
              >
                <ModelText text={text} />
              </Text>
            ) : text ? (
              <Text size="sm" style={textStyle} data-testid="assistant-message">
                <ModelText text={text} />
              </Text>
            ) : null}
            {thinking ? (
              <Group gap="xs">
                <Loader size="xs" type="dots" />
                <Text size="sm" c="dimmed">
                  {steps.length > 0 ? 'Working…' : 'Thinking…'}
                </Text>
              </Group>
            ) : null}
            {error ? (
              <Alert color="red" variant="light" title="The reply failed" data-testid="chat-error">
                {error}
              </Alert>
            ) : null}
            {stopped ? (
              <Alert color="gray" variant="light" data-testid="chat-stopped">
                Stopped. The request was cancelled on the runtime and this reply was not saved.
              </Alert>
            ) : null}
          </Stack>
        </Paper>
        {createdAt || tier || requestId ? (
          <Group gap="xs" c="dimmed">
            {createdAt ? (
              <Text size="xs">
                <RelativeTime value={createdAt} />
              </Text>
            ) : null}
            {tier ? (
              <Badge size="xs" variant="outline" color="gray" radius="sm" data-testid="reply-tier">
                {tierLabel(tier)}
              </Badge>
            ) : null}
            {requestId ? (
              <Anchor component={Link} to={`/traces/${encodeURIComponent(requestId)}`} size="xs">
                View trace
              </Anchor>
            ) : null}
          </Group>
        ) : null}
      </Stack>
    </Group>
  );
}
