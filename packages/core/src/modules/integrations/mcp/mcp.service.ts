import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { ConflictError, NotFoundError, ValidationError } from '../../../errors/app-error.js';
import type { SsrfGuard } from '../../../net/ssrf.js';
import { registerSecretValue } from '../../../security/redact.js';
import type { Sandbox } from '../../sandbox/sandbox.service.js';
import type { SettingsService } from '../../settings/settings.service.js';
import type { Vault } from '../../vault/vault.service.js';
import type { DynamicIntegration } from '../connector-registry.js';
import { credentialName } from '../credentials.js';
import type { IntegrationField, RiskLevel } from '../integration.js';
import type { IntegrationService, Operator } from '../integrations.service.js';
import { McpConnection } from './mcp-connection.js';
import { guardedFetch, type McpEndpoint } from './mcp-transport.js';

/** MCP server names: they make the connector id `mcp-<name>`. */
export const MCP_NAME = /^[a-z][a-z0-9-]{0,39}$/;
export const MCP_ID_PREFIX = 'mcp-';
const KEY_PREFIX = 'mcp_server.';
const TOKEN_FIELD = 'token';
/** How long registration waits for the first connection before answering with its status. */
const FIRST_CONNECT_MS = 15_000;

const recordSchema = z.object({
  name: z.string(),
  transport: z.enum(['http', 'stdio']),
  url: z.string().nullable().default(null),
  command: z.array(z.string()).nullable().default(null),
  created_at: z.string(),
  created_by: z.string(),
});
type McpServerRecord = z.infer<typeof recordSchema>;

export type RegisterRequest =
  | { name: string; transport: 'http'; url: string; token?: string | undefined }
  | { name: string; transport: 'stdio'; command: string[] };

export interface McpServerView {
  name: string;
  integration_id: string;
  transport: 'http' | 'stdio';
  url: string | null;
  command: string[] | null;
  token_set: boolean;
  status: McpConnection['status'];
  error: string | null;
  server: { name: string; version: string } | null;
  tools: Array<{ tool: string; action: string; risk: RiskLevel; description: string }>;
  tools_listed_at: string | null;
  created_at: string;
  created_by: string;
}

export interface McpServersDeps {
  integrations: IntegrationService;
  settings: SettingsService;
  vault: Vault;
  sandbox: Sandbox;
  guard: SsrfGuard;
  timeoutMs: number;
  log: FastifyBaseLogger;
}

const TOKEN: IntegrationField = {
  name: TOKEN_FIELD,
  label: 'Bearer token',
  secret: true,
  optional: true,
  example: 'mcp-token-0000000000000000',
};

/**
 * MCP servers the operator registered, each one more connector (`mcp-<name>`) whose actions are
 * the server's tools. Registrations are configuration (settings rows, kept through a reset); a
 * server's token is a secret field of its connector, sealed in the vault and injected by the
 * execute pipeline, so it is never stored or shown in clear.
 */
export class McpServers {
  private readonly servers = new Map<
    string,
    { record: McpServerRecord; connection: McpConnection }
  >();
  private readonly http: ReturnType<typeof guardedFetch>;

  constructor(private readonly deps: McpServersDeps) {
    this.http = guardedFetch(deps.guard);
  }

  /** Registers the stored servers and connects to them in the background. */
  async start(): Promise<void> {
    for (const row of await this.deps.settings.list(KEY_PREFIX)) {
      const parsed = recordSchema.safeParse(row.value);
      if (!parsed.success) continue;
      const connection = this.add(parsed.data);
      void this.token(parsed.data.name)
        .then((token) => connection.ensure(token))
        .catch((error) =>
          this.deps.log.warn(
            { mcp_server: parsed.data.name, error: connection.error ?? (error as Error).message },
            'MCP server did not connect',
          ),
        );
    }
  }

  async register(request: RegisterRequest, by: Operator): Promise<McpServerView> {
    const endpoint = await this.check(request);
    const id = MCP_ID_PREFIX + request.name;
    if (this.servers.has(request.name) || this.deps.integrations.registry.has(id))
      throw new ConflictError('mcp_server_exists', `An MCP server named ${request.name} exists`);
    const record: McpServerRecord = {
      name: request.name,
      transport: endpoint.transport,
      url: endpoint.transport === 'http' ? endpoint.url : null,
      command: endpoint.transport === 'stdio' ? endpoint.command : null,
      created_at: new Date().toISOString(),
      created_by: by.actor,
    };
    await this.deps.settings.set(KEY_PREFIX + request.name, record, by.actor);
    const connection = this.add(record);
    const token = request.transport === 'http' ? request.token : undefined;
    if (token) await this.deps.integrations.setCredentials(id, { [TOKEN_FIELD]: token }, by);
    await Promise.race([
      connection.ensure(token ?? null).catch(() => {}),
      new Promise((resolve) => setTimeout(resolve, FIRST_CONNECT_MS).unref()),
    ]);
    return this.view(request.name);
  }

  async list(): Promise<McpServerView[]> {
    const names = [...this.servers.keys()].sort();
    return Promise.all(names.map((name) => this.view(name)));
  }

  async get(name: string): Promise<McpServerView> {
    return this.view(name);
  }

  async remove(name: string, by: Operator): Promise<void> {
    const server = this.servers.get(name);
    if (!server) throw new NotFoundError(`No MCP server named ${name}`);
    this.servers.delete(name);
    await server.connection.close();
    await this.deps.settings.delete(KEY_PREFIX + name);
    await this.deps.integrations.forget(MCP_ID_PREFIX + name, by);
  }

  async close(): Promise<void> {
    await Promise.all([...this.servers.values()].map(({ connection }) => connection.close()));
    await this.http.close();
  }

  /** The request as an endpoint, or the documented 400s. */
  private async check(request: RegisterRequest): Promise<McpEndpoint> {
    if (!MCP_NAME.test(request.name))
      throw new ValidationError('Invalid MCP server name', [
        { path: '/name', message: 'lowercase letters, digits and -, starting with a letter' },
      ]);
    if (request.transport === 'stdio') {
      if (request.command.length === 0 || !request.command[0])
        throw new ValidationError('Invalid command', [
          { path: '/command', message: 'names no program' },
        ]);
      return { transport: 'stdio', command: request.command };
    }
    if (request.token !== undefined && !/^[\x21-\x7e]{1,4096}$/.test(request.token))
      throw new ValidationError('Invalid token', [
        { path: '/token', message: 'must be printable ASCII without spaces' },
      ]);
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      throw new ValidationError('Invalid URL', [{ path: '/url', message: 'is not a URL' }]);
    }
    if (url.username || url.password)
      throw new ValidationError('Credentials in the URL', [
        { path: '/url', message: 'must not carry credentials; send the token as `token`' },
      ]);
    // Judged now (400 url_blocked) and again by the guarded fetch at every request.
    await this.deps.guard.checkUrl(url);
    return { transport: 'http', url: url.href };
  }

  private add(record: McpServerRecord): McpConnection {
    const endpoint: McpEndpoint =
      record.transport === 'http'
        ? { transport: 'http', url: record.url ?? '' }
        : { transport: 'stdio', command: record.command ?? [] };
    const id = MCP_ID_PREFIX + record.name;
    const connection = new McpConnection(endpoint, {
      sandbox: this.deps.sandbox,
      fetch: this.http.fetch,
      timeoutMs: this.deps.timeoutMs,
      onTools: (actions) => {
        // Replaced as a whole: a changed tool list is a changed connector.
        if (this.servers.get(record.name)?.connection === connection)
          this.deps.integrations.register(connector(actions));
      },
    });
    const connector = (actions: McpConnection['actions']): DynamicIntegration => ({
      id,
      name: `${record.name} (MCP)`,
      category: 'generic',
      fields: record.transport === 'http' ? [TOKEN] : [],
      testAction: 'ping',
      actions,
      invoke: (call) =>
        connection.call(
          call.action,
          call.input,
          call.credentials[TOKEN_FIELD] ?? null,
          call.signal,
        ),
      preview: (action, input) => ({
        server: record.name,
        transport: record.transport,
        tool: connection.actions[action]?.tool ?? action,
        arguments: input,
      }),
    });
    this.servers.set(record.name, { record, connection });
    this.deps.integrations.register(connector(connection.actions));
    return connection;
  }

  private async token(name: string): Promise<string | null> {
    const token = await this.deps.vault.get(credentialName(MCP_ID_PREFIX + name, TOKEN_FIELD));
    registerSecretValue(token ?? undefined);
    return token;
  }

  private async view(name: string): Promise<McpServerView> {
    const server = this.servers.get(name);
    if (!server) throw new NotFoundError(`No MCP server named ${name}`);
    const { record, connection } = server;
    const detail = await this.deps.integrations.get(MCP_ID_PREFIX + name);
    return {
      name,
      integration_id: detail.id,
      transport: record.transport,
      url: record.url,
      command: record.command,
      token_set: detail.fields.some((field) => field.name === TOKEN_FIELD && field.set),
      status: connection.status,
      error: connection.error,
      server: connection.server,
      tools: detail.actions
        .filter((action) => connection.actions[action.name]?.tool)
        .map((action) => ({
          tool: connection.actions[action.name]?.tool ?? action.name,
          action: action.name,
          risk: action.risk,
          description: action.description,
        })),
      tools_listed_at: connection.toolsAt,
      created_at: record.created_at,
      created_by: record.created_by,
    };
  }
}
