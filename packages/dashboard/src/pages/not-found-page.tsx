import { Button, Code, EmptyState, Paper } from '@mantine/core';
import { Link, useLocation } from 'react-router';

export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <Paper withBorder radius="md" p="xl" maw={640} mx="auto" mt="xl">
      <EmptyState
        title="Page not found"
        description={
          <>
            There is no dashboard page at <Code>{pathname}</Code>. It may have moved, or the link
            may be mistyped.
          </>
        }
      >
        <EmptyState.Actions>
          <Button component={Link} to="/overview">
            Go to the overview
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    </Paper>
  );
}
