import { request } from './client';
import type { RiskLevel } from './integrations';

export type McpTransport = 'http' | 'stdio';

/** An operator-registered MCP server; its connector is `integration_id` (`mcp-<name>`). */
export interface McpServer {
  name: string;
  integration_id: string;
  transport: McpTransport;
  url: string | null;
  command: string[] | null;
  /** A stdio server's environment variable names; their values stay in the vault. */
  env: string[];
  /** Whether a bearer token is sealed in the vault; the token itself never comes back. */
  token_set: boolean;
  status: 'connecting' | 'connected' | 'error' | 'closed';
  error: string | null;
  server: { name: string; version: string } | null;
  tools: Array<{ tool: string; action: string; risk: RiskLevel; description: string }>;
  tools_listed_at: string | null;
  created_at: string;
  created_by: string;
}

export type McpRegistration =
  | { name: string; transport: 'http'; url: string; token?: string }
  | { name: string; transport: 'stdio'; command: string[]; env?: Record<string, string> };

const SERVERS = '/api/integrations/mcp/servers';

export const fetchMcpServers = (signal?: AbortSignal) =>
  request<{ servers: McpServer[] }>(SERVERS, { signal });

export const registerMcpServer = (registration: McpRegistration) =>
  request<McpServer>(SERVERS, { method: 'POST', body: registration });

export const removeMcpServer = (name: string) =>
  request<unknown>(`${SERVERS}/${encodeURIComponent(name)}`, { method: 'DELETE' });
