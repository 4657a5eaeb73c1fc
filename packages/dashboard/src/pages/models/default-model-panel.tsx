import {
  Button,
  Divider,
  Grid,
  Group,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import type { ModelsOverview } from '../../api/models';
import { formErrors } from '../../components/form-errors';
import { FormRefusal } from '../../components/form-refusal';
import { plural } from '../../components/format';
import { Panel } from '../../components/panel';
import { useCatalog, useSetDefaultModel } from '../../hooks/use-models';

const caption = (
  <Text size="xs" c="dimmed" fw={700} tt="uppercase" lts={0.5}>
    In use
  </Text>
);

function CurrentDefault({ overview }: { overview: ModelsOverview }) {
  const chosen = overview.default;
  const provider = chosen
    ? overview.providers.find((candidate) => candidate.provider_id === chosen.provider_id)
    : undefined;

  if (!chosen) {
    return (
      <Stack gap={4}>
        {caption}
        <Text fz={22} fw={700} lh={1.3} data-testid="default-model">
          Not chosen
        </Text>
        <Text size="sm" c="dimmed">
          {overview.providers.length === 0
            ? 'No provider is configured: requests that need the model loop get a reply explaining how to set one up. Fast-path and decision-layer answers still work.'
            : "Requests that reach the model loop use the first provider's first model until you choose one."}
        </Text>
      </Stack>
    );
  }
  return (
    <Stack gap={4}>
      {caption}
      <Text
        fz={22}
        fw={700}
        lh={1.3}
        ff="monospace"
        style={{ wordBreak: 'break-all' }}
        data-testid="default-model"
      >
        {chosen.model}
      </Text>
      <Text size="sm" c="dimmed">
        served by{' '}
        <Text span fw={600} c="var(--mantine-color-text)">
          {provider?.label ?? chosen.provider_id}
        </Text>{' '}
        (
        <Text span ff="monospace" size="sm">
          {chosen.provider_id}
        </Text>
        )
      </Text>
      {provider ? null : (
        <Text size="sm" c="orange">
          No provider with this id is configured, so the model loop cannot use it.
        </Text>
      )}
    </Stack>
  );
}

/** The current default, prominent, and the choice of a new one from a provider's catalog. */
export function DefaultModelPanel({ overview }: { overview: ModelsOverview | undefined }) {
  const providers = overview?.providers ?? [];
  const [providerId, setProviderId] = useState<string | null>(null);
  const [model, setModel] = useState<string | null>(null);
  // Until the operator picks one, the form starts from the current default's provider.
  const selected =
    providerId ?? overview?.default?.provider_id ?? providers[0]?.provider_id ?? null;
  const validSelection = providers.some((provider) => provider.provider_id === selected);
  const catalog = useCatalog(validSelection ? selected : null);
  const save = useSetDefaultModel();
  const refused = formErrors(save.error, { provider_id: '/provider_id', model: '/model' });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!selected || !model) return;
    save.mutate(
      { provider_id: selected, model },
      {
        onSuccess: ({ default: chosen }) => {
          notifications.show({
            color: 'green',
            title: 'Default model saved',
            message: `${chosen.provider_id}/${chosen.model} now answers requests that reach the model loop.`,
          });
          setModel(null);
        },
      },
    );
  };

  return (
    <Panel title="Default model">
      {!overview ? (
        <Skeleton h={96} />
      ) : (
        <Grid gap="xl" align="stretch">
          <Grid.Col span={{ base: 12, md: 5 }}>
            <CurrentDefault overview={overview} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Divider hiddenFrom="md" mb="md" />
            {overview.default_source === 'env' ? (
              <Text size="sm" c="dimmed" data-testid="default-pinned">
                <Text span ff="monospace" size="sm">
                  DEFAULT_MODEL
                </Text>{' '}
                sets the default in the environment. Unset it and restart to choose the default
                here.
              </Text>
            ) : providers.length === 0 ? (
              <Text size="sm" c="dimmed">
                Add a provider below, then choose one of its models here.
              </Text>
            ) : (
              <form onSubmit={submit} aria-label="Default model">
                <Stack gap="sm">
                  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                    <Select
                      label="Provider"
                      data={providers.map((provider) => ({
                        value: provider.provider_id,
                        label: `${provider.label} (${provider.provider_id})`,
                      }))}
                      value={validSelection ? selected : null}
                      allowDeselect={false}
                      error={refused.fields.provider_id}
                      onChange={(value) => {
                        setProviderId(value);
                        setModel(null);
                        save.reset();
                      }}
                    />
                    <Select
                      label="Model"
                      placeholder={
                        catalog.isFetching && !catalog.data
                          ? 'Loading the catalog…'
                          : 'Search the catalog'
                      }
                      data={(catalog.data?.models ?? []).map((entry) => ({
                        value: entry.id,
                        label:
                          entry.label && entry.label !== entry.id
                            ? `${entry.id} · ${entry.label}`
                            : entry.id,
                      }))}
                      value={model}
                      onChange={(value) => {
                        setModel(value);
                        save.reset();
                      }}
                      searchable
                      clearable
                      limit={200}
                      nothingFoundMessage="No model matches"
                      disabled={!catalog.data}
                      error={
                        refused.fields.model ??
                        (catalog.isError ? 'No models to choose from: see below' : undefined)
                      }
                    />
                  </SimpleGrid>
                  <FormRefusal
                    refusal={formErrors(catalog.error, {}).refusal}
                    title="The provider did not list its models"
                    testId="catalog-error"
                  />
                  <FormRefusal refusal={refused.refusal} />
                  <Group justify="space-between">
                    <Text size="xs" c="dimmed">
                      {catalog.data
                        ? `${plural(catalog.data.models.length, 'model')} in this provider's catalog`
                        : ' '}
                    </Text>
                    <Button type="submit" disabled={!model} loading={save.isPending}>
                      Save default
                    </Button>
                  </Group>
                </Stack>
              </form>
            )}
          </Grid.Col>
        </Grid>
      )}
    </Panel>
  );
}
