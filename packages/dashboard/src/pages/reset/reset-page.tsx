import { Alert, Button, Code, EmptyState, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { RESET_PHRASE } from '../../api/reset';
import { formErrors } from '../../components/form-errors';
import { FormRefusal } from '../../components/form-refusal';
import { plural } from '../../components/format';
import { PageHeader } from '../../components/page-header';
import { Panel } from '../../components/panel';
import { usePanicReset, useResetPlan } from '../../hooks/use-reset';
import { PhraseInput } from './phrase-input';
import { ResetConsole } from './reset-console';
import { ResetPlanView } from './reset-plan';

export function ResetPage() {
  const plan = useResetPlan();
  const { state, start } = usePanicReset();
  const [phrase, setPhrase] = useState('');
  const running = state.phase === 'running';
  const matches = phrase === RESET_PHRASE;

  return (
    <Stack gap="lg">
      <PageHeader
        title="Panic Reset"
        description="Wipes everything the agent learned from experience (conversations, traces, goals, memory, learned rules) and starts its identity afresh. Keys, skills, prime.md, subscriptions, providers, settings and the audit log stay."
      />
      {plan.isError && !plan.data ? (
        <Paper withBorder radius="md">
          <EmptyState
            py={48}
            title="The reset plan could not be loaded"
            description="Nothing can be reset without first showing what it wipes."
          >
            <EmptyState.Actions>
              <Button variant="light" onClick={() => plan.refetch()}>
                Try again
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        </Paper>
      ) : !plan.data ? (
        <Skeleton h={320} />
      ) : (
        <>
          {state.phase === 'idle' ? <ResetPlanView plan={plan.data} /> : null}
          <Panel title="Confirm">
            <form
              onSubmit={(event) => {
                event.preventDefault();
                if (matches && !running) void start(phrase).then(() => setPhrase(''));
              }}
            >
              <Stack gap="sm">
                <PhraseInput
                  phrase={RESET_PHRASE}
                  value={phrase}
                  onChange={setPhrase}
                  disabled={running}
                />
                <Button
                  type="submit"
                  color="red"
                  disabled={!matches || running}
                  loading={running}
                  w="fit-content"
                  data-testid="reset-submit"
                >
                  Reset the agent
                </Button>
              </Stack>
            </form>
          </Panel>
          {state.phase !== 'idle' ? (
            <Panel title="Progress">
              <ResetConsole steps={plan.data.steps} events={state.steps} />
            </Panel>
          ) : null}
          {state.phase === 'done' ? (
            <Alert color="green" title="The agent was reset" data-testid="reset-result">
              <Text size="sm">
                {`All ${plural(state.summary.steps.length, 'step')} done in ${state.summary.duration_ms} ms; one audit entry records the run.`}
              </Text>
              <Text size="sm">
                Run <Code>{state.summary.run_id}</Code>
              </Text>
            </Alert>
          ) : null}
          {state.phase === 'failed' ? (
            <FormRefusal
              refusal={formErrors(state.error, {}).refusal}
              title="The reset did not complete"
              testId="reset-error"
            />
          ) : null}
        </>
      )}
    </Stack>
  );
}
