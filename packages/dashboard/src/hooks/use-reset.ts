import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { fetchResetPlan, type ResetStepEvent, type ResetSummary, runReset } from '../api/reset';

export const resetPlanQueryKey = ['reset', 'plan'] as const;

export function useResetPlan() {
  return useQuery({ queryKey: resetPlanQueryKey, queryFn: ({ signal }) => fetchResetPlan(signal) });
}

export type ResetState =
  | { phase: 'idle' }
  | { phase: 'running'; steps: ResetStepEvent[] }
  | { phase: 'done'; steps: ResetStepEvent[]; summary: ResetSummary }
  | { phase: 'failed'; steps: ResetStepEvent[]; error: unknown };

/** Each step's latest event, in step order. */
function latestByStep(steps: ResetStepEvent[], event: ResetStepEvent): ResetStepEvent[] {
  return [...steps.filter((s) => s.step !== event.step), event].sort((a, b) => a.step - b.step);
}

/** Runs a reset and follows its steps; every cached answer is dropped once it is done. */
export function usePanicReset() {
  const queryClient = useQueryClient();
  const [state, setState] = useState<ResetState>({ phase: 'idle' });
  const start = useCallback(
    async (phrase: string) => {
      let steps: ResetStepEvent[] = [];
      setState({ phase: 'running', steps });
      try {
        const summary = await runReset(phrase, (event) => {
          steps = latestByStep(steps, event);
          setState({ phase: 'running', steps });
        });
        setState({ phase: 'done', steps, summary });
        notifications.show({
          color: 'green',
          title: 'Panic Reset complete',
          message: `Memory wiped in ${(summary.duration_ms / 1000).toFixed(1)} s; the agent starts afresh.`,
        });
      } catch (caught) {
        setState({ phase: 'failed', steps, error: caught });
      } finally {
        // Whatever happened, what the pages cached may be gone.
        await queryClient.invalidateQueries();
      }
    },
    [queryClient],
  );
  return { state, start };
}
