import type { z } from 'zod';
import type { Credentials } from './auth-placement.js';
import { CONNECTORS, type ConnectorModule } from './connectors/index.js';
import {
  INTEGRATION_ID,
  type IntegrationCategory,
  type IntegrationDefinition,
  type IntegrationField,
  type RiskLevel,
} from './integration.js';

/** An action of a connector registered at run time (an MCP server's tool). */
export interface DynamicAction {
  description: string;
  risk: RiskLevel;
  input: z.ZodType<Record<string, unknown>>;
  /** The params' JSON Schema as the server wrote it, shown instead of the one made from `input`. */
  jsonSchema?: unknown;
}

export interface DynamicCall {
  action: string;
  input: Record<string, unknown>;
  /** The secret fields' values, read from the vault for this call only. */
  credentials: Credentials;
  /** Non-secret field values. */
  values: Record<string, string>;
  signal: AbortSignal;
}

/**
 * A connector that is not an HTTP API described by data: an MCP server, registered at run time.
 * It goes through the same pipeline (allowlist, policy gate, vault, breaker, metrics); only the
 * last step differs: `invoke` instead of an HTTP request. `invoke` throws a TransportFailure
 * (upstream.ts) for timeouts and network errors; a `status` of 400 or more counts as the vendor's
 * answer of that status (5xx and 429 count against the breaker).
 */
export interface DynamicIntegration {
  id: string;
  name: string;
  category: IntegrationCategory;
  docsUrl?: string;
  fields: IntegrationField[];
  /** A read action callable with no params. */
  testAction: string;
  actions: Record<string, DynamicAction>;
  invoke(call: DynamicCall): Promise<{ status?: number; body: unknown }>;
  /** The dry run shown in a confirmation (for MCP: the tool and its arguments). */
  preview?(action: string, input: Record<string, unknown>): Record<string, unknown>;
  rateLimit?: { requests: number; perSeconds: number };
}

export type Connector =
  | { kind: 'http'; definition: IntegrationDefinition }
  | { kind: 'dynamic'; definition: DynamicIntegration };

/**
 * Every connector, by id: the shipped ones, imported on first use from the index (start-up
 * stays cheap), and those registered at run time. Ids are unique across both.
 */
export class ConnectorRegistry {
  private readonly loaded = new Map<string, IntegrationDefinition>();
  private readonly dynamic = new Map<string, DynamicIntegration>();
  /** Counts run-time (un)registrations: whoever caches the list compares it. */
  generation = 0;

  constructor(
    private readonly shipped: Readonly<Record<string, () => Promise<ConnectorModule>>> = CONNECTORS,
  ) {}

  ids(): string[] {
    return [...Object.keys(this.shipped), ...this.dynamic.keys()].sort();
  }

  has(id: string): boolean {
    return Object.hasOwn(this.shipped, id) || this.dynamic.has(id);
  }

  async get(id: string): Promise<Connector | undefined> {
    const dynamic = this.dynamic.get(id);
    if (dynamic) return { kind: 'dynamic', definition: dynamic };
    if (!Object.hasOwn(this.shipped, id)) return undefined;
    let definition = this.loaded.get(id);
    if (!definition) {
      definition = (await (this.shipped[id] as () => Promise<ConnectorModule>)()).default;
      this.loaded.set(id, definition);
    }
    return { kind: 'http', definition };
  }

  /** Loaded already (or dynamic): for callers that cannot wait. */
  peek(id: string): Connector | undefined {
    const dynamic = this.dynamic.get(id);
    if (dynamic) return { kind: 'dynamic', definition: dynamic };
    const definition = this.loaded.get(id);
    return definition ? { kind: 'http', definition } : undefined;
  }

  async all(): Promise<Connector[]> {
    const all = await Promise.all(this.ids().map((id) => this.get(id)));
    return all.filter((connector): connector is Connector => connector !== undefined);
  }

  /** Adds a connector at run time, or replaces one registered earlier under the same id. */
  register(definition: DynamicIntegration): void {
    if (!INTEGRATION_ID.test(definition.id))
      throw new Error(`Connector id ${definition.id} is not lowercase-with-dashes`);
    if (Object.hasOwn(this.shipped, definition.id))
      throw new Error(`Connector id ${definition.id} is taken by a shipped connector`);
    this.dynamic.set(definition.id, definition);
    this.generation++;
  }

  unregister(id: string): boolean {
    const removed = this.dynamic.delete(id);
    if (removed) this.generation++;
    return removed;
  }
}
