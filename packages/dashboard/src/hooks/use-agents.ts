import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  type AgentChange,
  type AgentCommand,
  commandAgent,
  createAgent,
  deleteAgent,
  fetchAgent,
  fetchAgentMessages,
  fetchAgents,
  openAgentChanges,
  sendAgentMessage,
  updateAgent,
} from '../api/agents';

export const MESSAGE_PAGE_SIZE = 30;

export const agentsQueryKey = ['agents'] as const;
export const agentListQueryKey = ['agents', 'list'] as const;
export const agentQueryKey = (id: string) => ['agents', 'one', id] as const;
export const agentMessagesQueryKey = (id: string) => ['agents', 'messages', id] as const;

/** Every agent, most urgent first; polled slowly, live events do the rest. */
export function useAgents() {
  return useQuery({
    queryKey: agentListQueryKey,
    queryFn: async ({ signal }) => (await fetchAgents(signal)).agents,
    refetchInterval: 30_000,
  });
}

export function useAgent(id: string) {
  return useQuery({
    queryKey: agentQueryKey(id),
    queryFn: ({ signal }) => fetchAgent(id, signal),
    // While it works, its status and log move without this page doing anything; a deleted one
    // stays deleted.
    refetchInterval: (query) =>
      query.state.error ? false : query.state.data?.status === 'running' ? 3_000 : 30_000,
    // A missing agent is shown on the page itself.
    meta: { inlineErrors: ['not_found'] },
  });
}

/**
 * The message log, newest first; each further page continues from the previous cursor. Re-read
 * every few seconds while the agent works (its reply lands by itself), in case the live feed is
 * not there to say so.
 */
export function useAgentMessages(id: string, working = false) {
  return useInfiniteQuery({
    queryKey: agentMessagesQueryKey(id),
    queryFn: ({ pageParam, signal }) =>
      fetchAgentMessages(id, { limit: MESSAGE_PAGE_SIZE, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
    refetchInterval: working ? 3_000 : false,
    meta: { inlineErrors: ['not_found'] },
  });
}

/**
 * Follows `agent-change` on the live feed while a page shows agents: a change refreshes the list,
 * that agent and its log (a run starting or ending adds messages).
 */
export function useAgentLiveUpdates() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      openAgentChanges((change) => {
        void queryClient.invalidateQueries({ queryKey: agentListQueryKey });
        if (change.status === 'deleted') return;
        void queryClient.invalidateQueries({ queryKey: agentQueryKey(change.agent_id) });
        void queryClient.invalidateQueries({ queryKey: agentMessagesQueryKey(change.agent_id) });
      }),
    [queryClient],
  );
}

function useRefreshAgents() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: agentsQueryKey });
}

export function useCreateAgent() {
  const refresh = useRefreshAgents();
  return useMutation({
    mutationFn: createAgent,
    onSuccess: refresh,
    meta: { shownByForm: true },
  });
}

export function useUpdateAgent() {
  const refresh = useRefreshAgents();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: AgentChange }) => updateAgent(id, change),
    onSuccess: refresh,
    meta: { shownByForm: true },
  });
}

export function useDeleteAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAgent,
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: agentQueryKey(id) });
      queryClient.removeQueries({ queryKey: agentMessagesQueryKey(id) });
      return queryClient.invalidateQueries({ queryKey: agentListQueryKey });
    },
    // Its confirmation dialog shows a refusal.
    meta: { shownByForm: true },
  });
}

/** Pause, resume or stop. A refused transition (someone else changed it) refreshes and toasts. */
export function useAgentCommand() {
  const refresh = useRefreshAgents();
  return useMutation({
    mutationFn: ({ id, command }: { id: string; command: AgentCommand }) =>
      commandAgent(id, command),
    onSettled: refresh,
  });
}

/**
 * Sends work and waits for the reply. The log is re-read as soon as the message is accepted (it
 * is in the log while the agent works) and again when the reply is in. Refusals (busy, paused,
 * stopped meanwhile, a model failure) are shown under the composer.
 */
export function useSendAgentMessage(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => sendAgentMessage(id, text),
    onMutate: () => {
      // The runtime logs the message before the run starts; show it without waiting for the reply.
      window.setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey: agentQueryKey(id) });
        void queryClient.invalidateQueries({ queryKey: agentMessagesQueryKey(id) });
      }, 400);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: agentsQueryKey }),
    meta: { shownByForm: true },
  });
}
