import { Alert, Anchor, Code, Collapse, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { failureReason } from './failure-reasons';

interface FailureNoteProps {
  /** What failed, as the operator knows it ("Planning this goal"). */
  what: string;
  /** What the runtime did next ("The whole objective ran as one task."). */
  next: string;
  /** The raw message, one click away. */
  detail: string;
  /** Yellow when the runtime carried on without it, red when the work stopped. */
  color?: 'yellow' | 'red';
  /** Whose failure it is, which decides the likely causes offered. */
  subject?: 'model' | 'tool';
  testId?: string;
}

/**
 * A failed plan, extraction, embedding or tool call, said as what it means: what failed, why in
 * one line, what happened next and what the operator can do; the library's own text is behind
 * "Technical detail".
 */
export function FailureNote({
  what,
  next,
  detail,
  color = 'yellow',
  subject = 'model',
  testId,
}: FailureNoteProps) {
  const [open, { toggle }] = useDisclosure(false);
  const reason = failureReason(detail, subject);
  return (
    <Alert color={color} variant="light" title={what} data-testid={testId ?? 'failure-note'} p="sm">
      <Stack gap={4}>
        <Text size="sm" data-part="why">
          {reason.why}
        </Text>
        <Text size="sm" data-part="next">
          {next}
        </Text>
        <Text size="sm" c="dimmed" data-part="action">
          {reason.action}
        </Text>
        <Anchor component="button" type="button" size="xs" onClick={toggle} w="fit-content">
          {open ? 'Hide technical detail' : 'Technical detail'}
        </Anchor>
        <Collapse expanded={open}>
          <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {detail}
          </Code>
        </Collapse>
      </Stack>
    </Alert>
  );
}
