import type { FetchLike, Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { Agent } from 'undici';
import type { SsrfGuard } from '../../../net/ssrf.js';
import { loadUndici } from '../../../net/undici.js';
import type { Sandbox } from '../../sandbox/sandbox.service.js';
import type { McpSdk } from './mcp-sdk.js';

/**
 * How the runtime reaches one MCP server. Its secrets (an HTTP server's bearer token, a stdio
 * server's environment variables) are in the vault, never here.
 */
export type McpEndpoint =
  | { transport: 'http'; url: string }
  | { transport: 'stdio'; command: string[] };

/** Characters of a stdio server's stderr kept to explain why it stopped. */
const STDERR_TAIL = 2_000;

/**
 * fetch for the streamable HTTP transport (which needs a streaming body, so not SafeFetcher):
 * the URL is judged by the SSRF guard before every request and the socket dials only addresses
 * the guard's lookup allows, so a DNS answer that changes in between cannot reach the LAN.
 * Redirects are refused: the bearer token goes to the URL the operator gave, and nowhere else.
 */
export function guardedFetch(guard: SsrfGuard): { fetch: FetchLike; close: () => Promise<void> } {
  let agent: Agent | null = null;
  const fetch: FetchLike = async (url, init) => {
    await guard.checkUrl(url);
    const undici = await loadUndici();
    agent ??= new undici.Agent({ connect: { lookup: guard.lookup } });
    const response = await undici.fetch(url, {
      ...(init as Parameters<typeof undici.fetch>[1]),
      redirect: 'error',
      dispatcher: agent,
    });
    return response as unknown as Response;
  };
  return { fetch, close: async () => agent?.close() };
}

export interface TransportDeps {
  sandbox: Sandbox;
  fetch: FetchLike;
}

/**
 * A fresh transport to the server; `stderr()` is what a stdio server last wrote there. `secrets`
 * are its connector's secret fields from the vault: `token` for an HTTP server, environment
 * variables by name for a stdio one.
 */
export function openTransport(
  sdk: McpSdk,
  endpoint: McpEndpoint,
  secrets: Readonly<Record<string, string>>,
  deps: TransportDeps,
): { transport: Transport; stderr: () => string } {
  if (endpoint.transport === 'http') {
    const token = secrets.token;
    const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
    const transport = new sdk.StreamableHTTPClientTransport(new URL(endpoint.url), {
      fetch: deps.fetch,
      requestInit: { headers },
    });
    return { transport, stderr: () => '' };
  }
  // The same rules as the shell: bubblewrap (or another user), a clean environment, the workspace.
  const launch = deps.sandbox.launch(endpoint.command, secrets);
  const transport = new sdk.StdioClientTransport({
    command: launch.program,
    args: launch.args,
    env: launch.env,
    cwd: launch.cwd,
    stderr: 'pipe',
  });
  let tail = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    tail = (tail + chunk.toString('utf8')).slice(-STDERR_TAIL);
  });
  return { transport, stderr: () => tail.trim() };
}
