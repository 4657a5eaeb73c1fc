import { Alert, Code, Text } from '@mantine/core';
import { ApiError } from '../../api/client';
import type { ExecuteResult } from '../../api/integrations';

const formatResult = (result: unknown) =>
  typeof result === 'string' ? result : JSON.stringify(result, null, 2);

/** The documented fields of an execute error body worth showing beside its message. */
const EXTRA_FIELDS = ['status', 'kind', 'retry_after', 'missing', 'allowed'];

export function ExecuteError({ error }: { error: Error }) {
  const body =
    error instanceof ApiError && error.body && typeof error.body === 'object' ? error.body : {};
  const extras = EXTRA_FIELDS.filter((key) => key in body).map(
    (key) => `${key.replace('_', ' ')}: ${JSON.stringify((body as Record<string, unknown>)[key])}`,
  );
  return (
    <Alert
      variant="light"
      color="red"
      title={error instanceof ApiError ? error.code : 'The call failed'}
      data-testid="execute-error"
    >
      <Text size="sm">{error.message}</Text>
      {extras.length > 0 ? (
        <Text size="xs" c="dimmed" ff="monospace">
          {extras.join(' · ')}
        </Text>
      ) : null}
      {error instanceof ApiError && error.details.length > 0 ? (
        <Text size="xs" ff="monospace">
          {error.details.map((detail) => `${detail.path ?? ''} ${detail.message ?? ''}`).join('\n')}
        </Text>
      ) : null}
    </Alert>
  );
}

export function ExecuteSuccess({ result }: { result: ExecuteResult }) {
  return (
    <Alert
      variant="light"
      color="teal"
      title={`${result.action}: HTTP ${result.status} in ${result.duration_ms} ms`}
      data-testid="execute-result"
    >
      <Code block style={{ maxHeight: 360, overflow: 'auto', whiteSpace: 'pre-wrap' }}>
        {formatResult(result.result)}
      </Code>
      {result.truncated ? (
        <Text size="xs" c="dimmed" mt={4}>
          The answer was longer than the runtime keeps; it was cut.
        </Text>
      ) : null}
    </Alert>
  );
}
