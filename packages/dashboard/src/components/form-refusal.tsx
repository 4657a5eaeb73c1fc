import { Alert, Code, List, Text } from '@mantine/core';
import type { Refusal } from './form-errors';

interface FormRefusalProps {
  refusal: Refusal | undefined;
  /** What the refusal means in the operator's terms; the server's message then follows it. */
  title?: string;
  testId?: string;
}

/** The part of a refusal no field shows, next to the form's buttons where the operator looks. */
export function FormRefusal({ refusal, title, testId = 'form-refusal' }: FormRefusalProps) {
  if (!refusal) return null;
  return (
    <Alert color="red" variant="light" title={title ?? refusal.message} data-testid={testId}>
      {title ? <Text size="sm">{refusal.message}</Text> : null}
      {refusal.unplaced.length > 0 ? (
        <List size="sm" mb={6}>
          {refusal.unplaced.map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
      ) : null}
      <Text size="xs" c="dimmed">
        {refusal.status > 0 ? `HTTP ${refusal.status} · ` : ''}
        <Code>{refusal.code}</Code>
      </Text>
    </Alert>
  );
}
