import { Button, EmptyState, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { PageHeader } from '../../components/page-header';
import { Panel } from '../../components/panel';
import { useIdentity } from '../../hooks/use-identity';
import { IdentityForm } from './identity-form';
import { IdentityStats } from './identity-stats';

export function IdentityPage() {
  const identity = useIdentity();
  const [editing, setEditing] = useState(false);
  const data = identity.data;

  return (
    <Stack gap="lg">
      <PageHeader
        title="Identity"
        description="Who the agent is: its name, how long it has existed, the experience it has gathered and the persona it speaks with."
        aside={
          data && !editing ? <Button onClick={() => setEditing(true)}>Edit identity</Button> : null
        }
      />
      {identity.isError && !data ? (
        <Paper withBorder radius="md">
          <EmptyState
            py={48}
            title="The identity could not be loaded"
            description="The runtime did not answer the request."
          >
            <EmptyState.Actions>
              <Button variant="light" onClick={() => identity.refetch()}>
                Try again
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        </Paper>
      ) : (
        <>
          <IdentityStats identity={data} />
          <Panel title={editing ? 'Edit name and persona' : 'Persona'}>
            {!data ? (
              <Skeleton h={120} />
            ) : editing ? (
              <IdentityForm identity={data} onDone={() => setEditing(false)} />
            ) : data.persona.trim() ? (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="identity-persona">
                {data.persona}
              </Text>
            ) : (
              <EmptyState
                size="sm"
                title="No persona yet"
                description="Without one the agent answers in a neutral voice. Describe its tone, its priorities and what it should avoid."
              >
                <EmptyState.Actions>
                  <Button variant="light" onClick={() => setEditing(true)}>
                    Write a persona
                  </Button>
                </EmptyState.Actions>
              </EmptyState>
            )}
          </Panel>
        </>
      )}
    </Stack>
  );
}
