import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  fetchMcpServers,
  type McpRegistration,
  registerMcpServer,
  removeMcpServer,
} from '../api/mcp-servers';
import { integrationsQueryKey } from './use-integrations';

/** MCP servers are connectors too: their queries live under the integrations key. */
const serversKey = [...integrationsQueryKey, 'mcp-servers'] as const;

export function useMcpServers() {
  return useQuery({
    queryKey: serversKey,
    queryFn: async ({ signal }) => (await fetchMcpServers(signal)).servers,
    // A server's status and tool list change on their own (it reconnects, its tools change).
    refetchInterval: 10_000,
  });
}

/** After a change the server list and the connector list are both read again. */
function useMcpMutation<V>(fn: (variables: V) => Promise<unknown>, shownByForm = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta: { shownByForm },
    onSettled: () => queryClient.invalidateQueries({ queryKey: integrationsQueryKey }),
  });
}

export const useRegisterMcpServer = () =>
  useMcpMutation((registration: McpRegistration) => registerMcpServer(registration), true);

export const useRemoveMcpServer = () => useMcpMutation((name: string) => removeMcpServer(name));
