import {
  Badge,
  Button,
  Drawer,
  EmptyState,
  Group,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { CatalogModel, DefaultModel, Provider } from '../../api/models';
import { type Column, DataTable } from '../../components/data-table';
import { formErrors } from '../../components/form-errors';
import { FormRefusal } from '../../components/form-refusal';
import { plural } from '../../components/format';
import { useCatalog, useSetDefaultModel } from '../../hooks/use-models';

interface CatalogDrawerProps {
  opened: boolean;
  provider: Provider | null;
  current: DefaultModel | null;
  onClose: () => void;
}

/** Every model the provider lists, searchable, each one a click away from being the default. */
export function CatalogDrawer({ opened, provider, current, onClose }: CatalogDrawerProps) {
  const catalog = useCatalog(provider?.provider_id ?? null, opened);
  const setDefault = useSetDefaultModel();
  const [search, setSearch] = useState('');
  const models = catalog.data?.models ?? [];
  const term = search.trim().toLowerCase();
  const shown = term
    ? models.filter(
        (model) =>
          model.id.toLowerCase().includes(term) || model.label?.toLowerCase().includes(term),
      )
    : models;

  const choose = (model: string) => {
    if (!provider) return;
    setDefault.mutate(
      { provider_id: provider.provider_id, model },
      {
        onSuccess: () =>
          notifications.show({
            color: 'green',
            title: 'Default model saved',
            message: `${provider.provider_id}/${model} now answers requests that reach the model loop.`,
          }),
      },
    );
  };

  const columns: Column<CatalogModel>[] = [
    {
      key: 'model',
      header: 'Model',
      cell: (model) => (
        <>
          <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
            {model.id}
          </Text>
          {model.label && model.label !== model.id ? (
            <Text size="xs" c="dimmed">
              {model.label}
            </Text>
          ) : null}
        </>
      ),
    },
    {
      key: 'default',
      header: <VisuallyHidden>Default</VisuallyHidden>,
      width: 150,
      align: 'right',
      cell: (model) =>
        current?.provider_id === provider?.provider_id && current?.model === model.id ? (
          <Badge variant="light">Default</Badge>
        ) : (
          <Button
            size="compact-sm"
            variant="subtle"
            onClick={() => choose(model.id)}
            loading={setDefault.isPending && setDefault.variables?.model === model.id}
          >
            Make default
          </Button>
        ),
    },
  ];

  return (
    <Drawer
      opened={opened}
      onClose={() => {
        setSearch('');
        setDefault.reset();
        onClose();
      }}
      position="right"
      size="lg"
      title={provider ? `Models of ${provider.label}` : ''}
      scrollAreaComponent={ScrollArea.Autosize}
    >
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap" align="flex-end">
          <TextInput
            label="Search"
            placeholder="Model id or name"
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            style={{ flex: 1 }}
            data-autofocus
          />
          <Button variant="default" onClick={() => catalog.refetch()} loading={catalog.isFetching}>
            Reload
          </Button>
        </Group>
        <FormRefusal
          refusal={formErrors(setDefault.error, {}).refusal}
          title="The default was not changed"
        />
        <FormRefusal
          refusal={formErrors(catalog.error, {}).refusal}
          title="The provider did not list its models"
          testId="catalog-error"
        />
        {catalog.data ? (
          <Text size="sm" c="dimmed" data-testid="catalog-count">
            {term
              ? `${shown.length} of ${plural(models.length, 'model')} match`
              : plural(models.length, 'model')}
          </Text>
        ) : null}
        {catalog.isPending && provider ? (
          <Stack gap="xs">
            {Array.from({ length: 8 }, (_, row) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
              <Skeleton key={row} h={28} />
            ))}
          </Stack>
        ) : catalog.data && shown.length === 0 ? (
          <EmptyState
            size="sm"
            title={term ? 'No model matches' : 'The provider lists no models'}
            description={
              term
                ? 'The search matches anywhere in the id or the name.'
                : 'A local server lists the models it has loaded; load one and reload.'
            }
          />
        ) : catalog.data ? (
          <DataTable
            label="Catalog"
            density="compact"
            columns={columns}
            rows={shown}
            rowKey={(model) => model.id}
            rowProps={(model) => ({ 'data-model': model.id })}
            empty={{ title: 'No model matches', description: 'The search matches the id or name.' }}
          />
        ) : null}
      </Stack>
    </Drawer>
  );
}
