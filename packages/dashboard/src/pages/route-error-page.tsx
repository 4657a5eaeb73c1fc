import { Button, Code, EmptyState, Paper } from '@mantine/core';
import { useRouteError } from 'react-router';

/** Shown when a page throws while rendering, instead of a blank screen. */
export function RouteErrorPage() {
  const error = useRouteError();
  const message = error instanceof Error ? error.message : String(error);
  return (
    <Paper withBorder radius="md" p="xl" maw={640} mx="auto" mt="xl">
      <EmptyState
        title="This page failed to render"
        description={
          <>
            The dashboard hit an unexpected error: <Code>{message}</Code>. Reloading usually helps;
            if it does not, the browser console has the details.
          </>
        }
      >
        <EmptyState.Actions>
          <Button onClick={() => window.location.reload()}>Reload</Button>
        </EmptyState.Actions>
      </EmptyState>
    </Paper>
  );
}
