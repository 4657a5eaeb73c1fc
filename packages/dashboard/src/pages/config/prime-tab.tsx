import { Button, EmptyState, Grid, Paper } from '@mantine/core';
import { useState } from 'react';
import { usePrime } from '../../hooks/use-config';
import { type PrimeEdit, PrimeEditor } from './prime-editor';
import { PrimeHistory } from './prime-history';
import { PrimeVersionDialog } from './prime-version-dialog';

/** The editor beside its history; the edit lives here so a past version can be loaded into it. */
export function PrimeTab() {
  const prime = usePrime();
  const [edit, setEdit] = useState<PrimeEdit | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);
  const [viewOpen, setViewOpen] = useState(false);
  const latest = prime.data;

  if (prime.isError && !latest) {
    return (
      <Paper withBorder radius="md">
        <EmptyState
          py={48}
          title="prime.md could not be loaded"
          description="The runtime did not answer the request."
        >
          <EmptyState.Actions>
            <Button variant="light" onClick={() => prime.refetch()}>
              Try again
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      </Paper>
    );
  }

  return (
    <>
      <Grid gap="lg" align="stretch">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <PrimeEditor latest={latest} edit={edit} onEdit={setEdit} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <PrimeHistory
            current={latest?.version}
            onView={(version) => {
              setViewing(version);
              setViewOpen(true);
            }}
          />
        </Grid.Col>
      </Grid>
      <PrimeVersionDialog
        opened={viewOpen}
        version={viewing}
        current={latest?.version}
        onClose={() => setViewOpen(false)}
        onEditFrom={(content) => {
          if (!latest) return;
          // An edit of the newest version whose text is the old one: saving makes it newest.
          setEdit({
            base: edit && edit.text !== edit.base.content ? edit.base : latest,
            text: content,
          });
        }}
      />
    </>
  );
}
