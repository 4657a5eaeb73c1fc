import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { AppError } from '../../../errors/app-error.js';
import { VERSION } from '../../../version.js';
import { CredentialScrubber } from '../credential-scrubber.js';
import { TransportFailure } from '../upstream.js';
import { loadMcpSdk, type McpSdk } from './mcp-sdk.js';
import { actionsOfTools, type McpAction, PING_ACTION, resultOfTool } from './mcp-tools.js';
import { type McpEndpoint, openTransport, type TransportDeps } from './mcp-transport.js';

export type ConnectionStatus = 'connecting' | 'connected' | 'error' | 'closed';

export interface ConnectionOptions extends TransportDeps {
  /** Time limit of one request to the server (the handshake, a listing, a tool call). */
  timeoutMs: number;
  /** Called with the new actions whenever the tool list changes (first listing included). */
  onTools: (actions: Record<string, McpAction>) => void;
}

/** Tool listing pages followed at most: a server cannot keep the runtime listing forever. */
const MAX_PAGES = 20;

/**
 * One MCP server as a client sees it: connected lazily, again after it went away or when the
 * operator changed one of its secrets (a stdio server is restarted with its new environment);
 * its tools listed on connect and again on every `notifications/tools/list_changed`.
 */
export class McpConnection {
  status: ConnectionStatus = 'closed';
  error: string | null = null;
  actions: Record<string, McpAction> = actionsOfTools([]);
  server: { name: string; version: string } | null = null;
  toolsAt: string | null = null;
  private client: Client | null = null;
  /** The secrets the current connection was opened with, as one comparable string. */
  private secretsKey: string | null = null;
  /**
   * Hides those secrets (the token, the environment values) from what the server says back:
   * its error answers, its stderr, the errors on the way to it.
   */
  private scrubber = new CredentialScrubber();
  private connecting: Promise<Client> | null = null;

  constructor(
    private readonly endpoint: McpEndpoint,
    private readonly options: ConnectionOptions,
  ) {}

  /** A connected client for these secrets, connecting (again) when needed. */
  ensure(secrets: Readonly<Record<string, string>>): Promise<Client> {
    const key = JSON.stringify(Object.entries(secrets).sort(([a], [b]) => a.localeCompare(b)));
    if (this.client && this.status === 'connected' && this.secretsKey === key)
      return Promise.resolve(this.client);
    if (this.connecting && this.secretsKey === key) return this.connecting;
    this.secretsKey = key;
    this.scrubber = new CredentialScrubber(Object.values(secrets));
    const attempt = this.connect(secrets).finally(() => {
      if (this.connecting === attempt) this.connecting = null;
    });
    this.connecting = attempt;
    return attempt;
  }

  private async connect(secrets: Readonly<Record<string, string>>): Promise<Client> {
    await this.drop();
    this.status = 'connecting';
    this.error = null;
    const sdk = await loadMcpSdk();
    const client = new sdk.Client(
      { name: 'agent-runtime', version: VERSION },
      {
        listChanged: {
          tools: {
            autoRefresh: false,
            debounceMs: 50,
            onChanged: () => {
              if (this.client === client) void this.refresh(client).catch(() => {});
            },
          },
        },
      },
    );
    const { transport, stderr } = openTransport(sdk, this.endpoint, secrets, this.options);
    client.onclose = () => {
      if (this.client !== client) return;
      this.client = null;
      this.status = 'error';
      const said = this.said(stderr);
      this.error = `The server closed the connection${said ? `: ${said}` : ''}`;
    };
    try {
      await client.connect(transport, { timeout: this.options.timeoutMs });
      this.client = client;
      const info = client.getServerVersion();
      this.server = info ? { name: info.name, version: info.version } : null;
      await this.refresh(client);
      this.status = 'connected';
      return client;
    } catch (error) {
      this.client = null;
      await client.close().catch(() => {});
      this.status = 'error';
      const said = this.said(stderr);
      const message = this.scrubber.text((error as Error).message ?? String(error));
      this.error = `${message}${said ? ` (stderr: ${said})` : ''}`.slice(0, 500);
      throw failureOf(sdk, error, this.scrubber);
    }
  }

  /** Lists every tool again and hands the new actions over. */
  private async refresh(client: Client): Promise<void> {
    const tools: Tool[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const answer = await client.listTools(cursor ? { cursor } : {}, {
        timeout: this.options.timeoutMs,
      });
      tools.push(...answer.tools);
      cursor = answer.nextCursor;
      if (!cursor) break;
    }
    this.actions = actionsOfTools(tools);
    this.toolsAt = new Date().toISOString();
    this.options.onTools(this.actions);
  }

  /** Runs one action: the ping, or the tool behind it. */
  async call(
    action: string,
    input: Record<string, unknown>,
    secrets: Readonly<Record<string, string>>,
    signal: AbortSignal,
  ): Promise<{ status?: number; body: unknown }> {
    const client = await this.ensure(secrets);
    const sdk = await loadMcpSdk();
    const { McpError, ErrorCode } = sdk;
    const options = { signal, timeout: this.options.timeoutMs };
    try {
      if (action === PING_ACTION) {
        await client.ping(options);
        return { body: { ok: true } };
      }
      const tool = this.actions[action]?.tool;
      if (!tool) return { status: 404, body: { error: `no tool behind action ${action}` } };
      const result = await client.callTool({ name: tool, arguments: input }, undefined, options);
      return { body: resultOfTool(result as Parameters<typeof resultOfTool>[0]) };
    } catch (error) {
      // A JSON-RPC error is the server's answer (unknown tool, bad arguments): a 4xx, not an outage.
      if (
        error instanceof McpError &&
        error.code !== ErrorCode.RequestTimeout &&
        error.code !== ErrorCode.ConnectionClosed
      )
        return {
          status: error.code === ErrorCode.InternalError ? 502 : 400,
          body: { error: error.code, message: this.scrubber.text(error.message).slice(0, 300) },
        };
      throw failureOf(sdk, error, this.scrubber);
    }
  }

  /** The end of what a stdio server wrote to stderr, scrubbed before it is cut. */
  private said(stderr: () => string): string {
    // The kept tail may start inside a secret the server printed.
    return this.scrubber.text(stderr(), 'start').slice(-300);
  }

  async close(): Promise<void> {
    this.secretsKey = null;
    await this.drop();
    this.status = 'closed';
  }

  private async drop(): Promise<void> {
    const client = this.client;
    this.client = null;
    if (client) await client.close().catch(() => {});
  }
}

/** Errors on the way to the server, sorted into the breaker's failure kinds. */
function failureOf(
  { McpError, ErrorCode }: McpSdk,
  error: unknown,
  scrubber: CredentialScrubber,
): TransportFailure {
  if (error instanceof TransportFailure) return error;
  const message = scrubber.text((error as Error).message ?? String(error)).slice(0, 300);
  if (error instanceof AppError && error.code === 'url_blocked')
    return new TransportFailure('blocked', message);
  if (error instanceof McpError && error.code === ErrorCode.RequestTimeout)
    return new TransportFailure('timeout', message);
  const cause = (error as { cause?: unknown }).cause;
  if (cause instanceof AppError && cause.code === 'url_blocked')
    return new TransportFailure('blocked', scrubber.text(cause.message));
  return new TransportFailure('network', message);
}
