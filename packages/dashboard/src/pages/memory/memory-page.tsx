import { Button, EmptyState, Grid, Stack } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { EXPORT_URL } from '../../api/memory';
import { PageHeader } from '../../components/page-header';
import { Panel } from '../../components/panel';
import { useMemoryStatus } from '../../hooks/use-memory';
import { ExtractionNote } from './extraction-note';
import { ItemDetailPanel } from './item-detail';
import { ItemList } from './item-list';
import { NewItemDialog } from './new-item-dialog';
import { PathTree } from './path-tree';

/** The path and the item chosen are kept in the URL (?path=, ?item=), so other pages link here. */
export function MemoryPage() {
  const [params, setParams] = useSearchParams();
  const path = params.get('path');
  const itemId = params.get('item');
  const [creating, setCreating] = useState(false);
  const status = useMemoryStatus();
  const choose = (next: { path?: string | null; item?: string | null }) => {
    const merged = { path, item: itemId, ...next };
    setParams(
      Object.fromEntries(Object.entries(merged).filter(([, value]) => value)) as Record<
        string,
        string
      >,
    );
  };
  return (
    <Stack gap="lg">
      <PageHeader
        title="Memory"
        description="What the agent remembers, by path: each item with where it came from and every change made to it. Nothing is deleted; a retracted item is kept and no longer used."
        aside={
          <>
            <Button variant="default" component="a" href={EXPORT_URL} download>
              Export NDJSON
            </Button>
            <Button onClick={() => setCreating(true)}>New item</Button>
          </>
        }
      />
      <ExtractionNote status={status.data} />
      <Grid>
        <Grid.Col span={{ base: 12, md: 3 }}>
          <Panel title="Paths">
            <PathTree selected={path} onSelect={(next) => choose({ path: next, item: null })} />
          </Panel>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Panel title={path ?? 'All items'}>
            <ItemList path={path} selected={itemId} onSelect={(id) => choose({ item: id })} />
          </Panel>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          {itemId ? (
            <ItemDetailPanel id={itemId} />
          ) : (
            <EmptyState
              size="sm"
              title="No item chosen"
              description="Choose an item to see its source, its history and what can be done with it."
            />
          )}
        </Grid.Col>
      </Grid>
      {creating ? (
        <NewItemDialog
          onClose={() => setCreating(false)}
          onCreated={(id) => choose({ item: id })}
        />
      ) : null}
    </Stack>
  );
}
