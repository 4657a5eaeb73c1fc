import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { ConflictError, NotFoundError, ValidationError } from '../../../errors/app-error.js';
import type { SsrfGuard } from '../../../net/ssrf.js';
import type { KvStore } from '../../../store/kv/kv-store.js';
import { RESERVED_ENV_NAMES, type Sandbox } from '../../sandbox/sandbox.service.js';
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
/** Told on every registration and removal, so every replica adds or drops the server. */
const CHANGES_TOPIC = 'mcp:servers';
/** Environment variable names a stdio server may be given (POSIX portable names). */
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
const MAX_ENV = 32;
/** How long registration waits for the first connection before answering with its status. */
const FIRST_CONNECT_MS = 15_000;

const recordSchema = z.object({
  name: z.string(),
  transport: z.enum(['http', 'stdio']),
  url: z.string().nullable().default(null),
  command: z.array(z.string()).nullable().default(null),
  /** A stdio server's environment variable names; their values are secret fields in the vault. */
  env: z.array(z.string()).default([]),
  created_at: z.string(),
  created_by: z.string(),
});
type McpServerRecord = z.infer<typeof recordSchema>;

export type RegisterRequest =
  | { name: string; transport: 'http'; url: string; token?: string | undefined }
  | {
      name: string;
      transport: 'stdio';
      command: string[];
      /** Environment variables by name: sealed in the vault, given to the program as it starts. */
      env?: Record<string, string> | undefined;
    };

export interface McpServerView {
  name: string;
  integration_id: string;
  transport: 'http' | 'stdio';
  url: string | null;
  command: string[] | null;
  /** The names of a stdio server's environment variables (their values are never returned). */
  env: string[];
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
  kv: KvStore;
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

/** A stdio server's environment variable: a secret field of its connector. */
const envField = (name: string): IntegrationField => ({
  name,
  label: `Environment variable ${name}`,
  secret: true,
  example: 'env-secret-0000000000000000',
});

/**
 * MCP servers the operator registered, each one more connector (`mcp-<name>`) whose actions are
 * the server's tools. Registrations are configuration (settings rows, kept through a reset); a
 * server's secrets (an HTTP server's token, a stdio server's environment variables) are secret
 * fields of its connector, sealed in the vault and handed over by the execute pipeline, so they
 * are never stored or shown in clear. Every replica serves every registered server: a
 * registration or removal is announced on the key-value store, and the others catch up from
 * the settings.
 */
export class McpServers {
  private readonly servers = new Map<
    string,
    { record: McpServerRecord; connection: McpConnection }
  >();
  private readonly http: ReturnType<typeof guardedFetch>;
  /** Changes to `servers` one at a time: an operator's and a catch-up never interleave. */
  private queue: Promise<unknown> = Promise.resolve();
  private unsubscribe: (() => void) | undefined;

  constructor(private readonly deps: McpServersDeps) {
    this.http = guardedFetch(deps.guard);
  }

  /** Registers the stored servers, connects to them in the background, and follows changes. */
  async start(): Promise<void> {
    // Subscribed first, so a registration between the listing and the subscription is heard.
    this.unsubscribe = await this.deps.kv.subscribe(CHANGES_TOPIC, () => {
      void this.catchUp().catch((error) =>
        this.deps.log.warn({ error: (error as Error).message }, 'MCP servers did not catch up'),
      );
    });
    await this.catchUp();
  }

  async register(request: RegisterRequest, by: Operator): Promise<McpServerView> {
    const endpoint = await this.check(request);
    const id = MCP_ID_PREFIX + request.name;
    const env = request.transport === 'stdio' ? (request.env ?? {}) : {};
    const record: McpServerRecord = {
      name: request.name,
      transport: endpoint.transport,
      url: endpoint.transport === 'http' ? endpoint.url : null,
      command: endpoint.transport === 'stdio' ? endpoint.command : null,
      env: Object.keys(env).sort(),
      created_at: new Date().toISOString(),
      created_by: by.actor,
    };
    const connection = await this.exclusive(async () => {
      if (this.servers.has(request.name) || this.deps.integrations.registry.has(id))
        throw new ConflictError('mcp_server_exists', `An MCP server named ${request.name} exists`);
      await this.deps.settings.set(KEY_PREFIX + request.name, record, by.actor);
      return this.add(record);
    });
    const secrets: Record<string, string> =
      request.transport === 'http' ? (request.token ? { [TOKEN_FIELD]: request.token } : {}) : env;
    if (Object.keys(secrets).length > 0)
      await this.deps.integrations.setCredentials(id, secrets, by);
    await this.announce();
    await Promise.race([
      connection.ensure(secrets).catch(() => {}),
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
    await this.exclusive(async () => {
      const server = this.servers.get(name);
      if (!server) throw new NotFoundError(`No MCP server named ${name}`);
      this.servers.delete(name);
      await server.connection.close();
      await this.deps.settings.delete(KEY_PREFIX + name);
      await this.deps.integrations.forget(MCP_ID_PREFIX + name, by);
    });
    await this.announce();
  }

  async close(): Promise<void> {
    this.unsubscribe?.();
    await this.exclusive(async () => {
      await Promise.all([...this.servers.values()].map(({ connection }) => connection.close()));
      this.servers.clear();
    });
    await this.http.close();
  }

  /**
   * Makes this replica's servers those of the settings: adds (and connects in the background)
   * the ones registered elsewhere, drops the ones removed elsewhere (their secrets and settings
   * went with the removal), and replaces one removed and registered again under the same name.
   */
  private catchUp(): Promise<void> {
    return this.exclusive(async () => {
      const stored = new Map<string, McpServerRecord>();
      for (const row of await this.deps.settings.list(KEY_PREFIX)) {
        const parsed = recordSchema.safeParse(row.value);
        if (parsed.success) stored.set(parsed.data.name, parsed.data);
      }
      for (const [name, server] of [...this.servers]) {
        if (stored.get(name)?.created_at === server.record.created_at) continue;
        this.servers.delete(name);
        this.deps.integrations.unregister(MCP_ID_PREFIX + name);
        await server.connection.close();
      }
      for (const record of stored.values()) {
        if (this.servers.has(record.name)) continue;
        const connection = this.add(record);
        void this.secrets(record)
          .then((secrets) => connection.ensure(secrets))
          .catch((error) =>
            this.deps.log.warn(
              { mcp_server: record.name, error: connection.error ?? (error as Error).message },
              'MCP server did not connect',
            ),
          );
      }
    });
  }

  private exclusive<T>(change: () => Promise<T>): Promise<T> {
    const next = this.queue.then(change);
    this.queue = next.catch(() => {});
    return next;
  }

  /** Tells the other replicas; a lost message is made up for at their next start. */
  private async announce(): Promise<void> {
    await this.deps.kv
      .publish(CHANGES_TOPIC, 'changed')
      .catch((error) =>
        this.deps.log.warn({ error: (error as Error).message }, 'MCP change not announced'),
      );
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
      checkEnv(request.env ?? {});
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
      fields: record.transport === 'http' ? [TOKEN] : record.env.map(envField),
      testAction: 'ping',
      actions,
      // The secrets read from the vault for this call: when the operator changed one, the
      // connection is opened again with it (a stdio server restarts with its new environment).
      invoke: (call) => connection.call(call.action, call.input, call.credentials, call.signal),
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

  /** The server's secrets from the vault, by field name (those not set are left out). */
  private async secrets(record: McpServerRecord): Promise<Record<string, string>> {
    const names = record.transport === 'http' ? [TOKEN_FIELD] : record.env;
    const secrets: Record<string, string> = {};
    for (const name of names) {
      const value = await this.deps.vault.get(credentialName(MCP_ID_PREFIX + record.name, name));
      if (value) secrets[name] = value;
    }
    return secrets;
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
      env: record.env,
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

/** A stdio server's environment: portable names, not the sandbox's own, printable values. */
function checkEnv(env: Record<string, string>): void {
  const problems: Array<{ path: string; message: string }> = [];
  const names = Object.keys(env);
  if (names.length > MAX_ENV)
    problems.push({ path: '/env', message: `names more than ${MAX_ENV} variables` });
  for (const [name, value] of Object.entries(env)) {
    const path = `/env/${name}`;
    if (!ENV_NAME.test(name))
      problems.push({ path, message: 'must be letters, digits and _, not starting with a digit' });
    else if (RESERVED_ENV_NAMES.has(name))
      problems.push({ path, message: 'is set by the sandbox' });
    // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing them is the point
    else if (!value || value.length > 4096 || /[\x00-\x1f\x7f]/.test(value))
      problems.push({ path, message: 'must be 1 to 4096 characters, no control characters' });
  }
  if (problems.length > 0) throw new ValidationError('Invalid environment', problems);
}
