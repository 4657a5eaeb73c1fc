import { Alert, Badge, Button, Code, Group, Paper, Stack, Text } from '@mantine/core';
import type { Provider } from '../../api/models';
import { formErrors } from '../../components/form-errors';
import { FormRefusal } from '../../components/form-refusal';
import { KeyValueList } from '../../components/key-value-list';
import { useTestProvider } from '../../hooks/use-models';
import { KIND_LABELS } from './provider-kinds';

interface ProviderCardProps {
  provider: Provider;
  isDefault: boolean;
  onCatalog: () => void;
  onEdit: () => void;
  onRemove: () => void;
}

function TestResult({ test }: { test: ReturnType<typeof useTestProvider> }) {
  if (test.isError) {
    return (
      <FormRefusal
        refusal={formErrors(test.error, {}).refusal}
        title="The test could not run"
        testId="provider-test-result"
      />
    );
  }
  const result = test.data;
  if (!result) return null;
  return result.ok ? (
    <Alert color="green" variant="light" p="xs" data-testid="provider-test-result">
      Answered in {result.latency_ms} ms and lists {result.models}{' '}
      {result.models === 1 ? 'model' : 'models'}.
    </Alert>
  ) : (
    <Alert color="red" variant="light" p="xs" data-testid="provider-test-result">
      Failed after {result.latency_ms} ms: {result.error ?? 'no reason given'}
    </Alert>
  );
}

export function ProviderCard({
  provider,
  isDefault,
  onCatalog,
  onEdit,
  onRemove,
}: ProviderCardProps) {
  const test = useTestProvider();
  const fromEnv = provider.source === 'env';
  const variables = provider.env_vars;

  return (
    <Paper withBorder radius="md" p="md" h="100%" data-provider={provider.provider_id}>
      <Stack gap="sm" h="100%">
        <Stack gap={6}>
          <Group justify="space-between" align="baseline" wrap="nowrap" gap="xs">
            <Text fw={600} truncate title={provider.label}>
              {provider.label}
            </Text>
            <Text size="xs" c="dimmed" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
              {provider.provider_id}
            </Text>
          </Group>
          <Group gap={6} wrap="wrap">
            {isDefault ? <Badge>Default</Badge> : null}
            <Badge variant="light" color="gray" tt="none">
              {KIND_LABELS[provider.kind]}
            </Badge>
            <Badge variant="outline" color={fromEnv ? 'grape' : 'indigo'}>
              {fromEnv ? 'Environment' : 'Dashboard'}
            </Badge>
          </Group>
        </Stack>
        <KeyValueList
          items={[
            {
              label: 'Base URL',
              value: (
                <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
                  {provider.base_url ?? 'default'}
                </Text>
              ),
            },
            {
              label: 'API key',
              value: (
                <Badge variant="light" color={provider.has_key ? 'green' : 'gray'}>
                  {provider.has_key ? 'Key set' : 'No key'}
                </Badge>
              ),
            },
          ]}
        />
        {fromEnv ? (
          <Text size="xs" c="dimmed">
            Set by the environment
            {variables.length > 0 ? (
              <>
                {' '}
                (
                {variables.map((name, index) => (
                  <span key={name}>
                    {index > 0 ? ', ' : ''}
                    <Code>{name}</Code>
                  </span>
                ))}
                )
              </>
            ) : null}
            : read-only here. Change the variables and restart the runtime to edit or remove it.
          </Text>
        ) : null}
        <TestResult test={test} />
        <Group gap="xs" mt="auto" pt="xs">
          <Button
            size="xs"
            variant="light"
            loading={test.isPending}
            onClick={() => test.mutate(provider.provider_id)}
          >
            Test
          </Button>
          <Button size="xs" variant="default" onClick={onCatalog}>
            Models
          </Button>
          {fromEnv ? null : (
            <>
              <Button size="xs" variant="default" onClick={onEdit}>
                Edit
              </Button>
              <Button size="xs" variant="subtle" color="red" onClick={onRemove}>
                Remove
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
