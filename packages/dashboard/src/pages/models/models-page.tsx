import { Button, EmptyState, Paper, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { useState } from 'react';
import type { Provider } from '../../api/models';
import { PageHeader } from '../../components/page-header';
import { Panel } from '../../components/panel';
import { useModels } from '../../hooks/use-models';
import { CatalogDrawer } from './catalog-drawer';
import { DefaultModelPanel } from './default-model-panel';
import { ProviderCard } from './provider-card';
import { ProviderFormDialog } from './provider-form-dialog';
import { RemoveProviderDialog } from './remove-provider-dialog';

export function ModelsPage() {
  const models = useModels();
  const overview = models.data;
  const providers = overview?.providers ?? [];
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Provider | null>(null);
  // The drawer and the dialog keep their provider while they animate closed.
  const [removing, setRemoving] = useState<Provider | null>(null);
  const [removeOpen, setRemoveOpen] = useState(false);
  const [browsing, setBrowsing] = useState<Provider | null>(null);
  const [catalogOpen, setCatalogOpen] = useState(false);
  const isDefault = (provider: Provider | null) =>
    provider !== null && overview?.default?.provider_id === provider.provider_id;

  return (
    <Stack gap="lg">
      <PageHeader
        title="Models"
        description="The language-model providers the runtime can call, and the model that answers requests reaching the model loop. Keys are stored encrypted and never shown."
        aside={<Button onClick={() => setAdding(true)}>Add provider</Button>}
      />
      {models.isError && !overview ? (
        <Paper withBorder radius="md">
          <EmptyState
            py={48}
            title="The model configuration could not be loaded"
            description="The runtime did not answer the request."
          >
            <EmptyState.Actions>
              <Button variant="light" onClick={() => models.refetch()}>
                Try again
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        </Paper>
      ) : (
        <>
          <DefaultModelPanel overview={overview} />
          <Panel title="Providers">
            {!overview ? (
              <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="md">
                {[0, 1].map((card) => (
                  <Skeleton key={card} h={200} radius="md" />
                ))}
              </SimpleGrid>
            ) : providers.length === 0 ? (
              <EmptyState
                size="sm"
                title="No model provider is configured"
                description="Add OpenAI, Anthropic or any OpenAI-compatible server (Ollama, vLLM, llama.cpp, LM Studio). Providers can also come from OPENAI_API_KEY, ANTHROPIC_API_KEY or OLLAMA_URL in the environment."
              >
                <EmptyState.Actions>
                  <Button variant="light" onClick={() => setAdding(true)}>
                    Add provider
                  </Button>
                </EmptyState.Actions>
              </EmptyState>
            ) : (
              <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="md">
                {providers.map((provider) => (
                  <ProviderCard
                    key={provider.provider_id}
                    provider={provider}
                    isDefault={isDefault(provider)}
                    onCatalog={() => {
                      setBrowsing(provider);
                      setCatalogOpen(true);
                    }}
                    onEdit={() => setEditing(provider)}
                    onRemove={() => {
                      setRemoving(provider);
                      setRemoveOpen(true);
                    }}
                  />
                ))}
              </SimpleGrid>
            )}
          </Panel>
        </>
      )}
      {/* Remounted per use, so each opens with fresh fields. */}
      {adding ? <ProviderFormDialog opened onClose={() => setAdding(false)} /> : null}
      {editing ? (
        <ProviderFormDialog
          key={editing.provider_id}
          opened
          provider={editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <RemoveProviderDialog
        opened={removeOpen}
        provider={removing}
        isDefault={isDefault(removing)}
        onClose={() => setRemoveOpen(false)}
      />
      <CatalogDrawer
        opened={catalogOpen}
        provider={browsing}
        current={overview?.default ?? null}
        onClose={() => setCatalogOpen(false)}
      />
    </Stack>
  );
}
