import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { KvStore } from '../../store/kv/kv-store.js';
import type { SettingsService } from '../settings/settings.service.js';
import { RISK_LEVELS } from './integration.js';

/**
 * What the operator set for one connector, apart from the secrets themselves (those are sealed
 * in the vault): the base URL override, the non-secret field values, when each secret was set
 * and its last characters, and per-action overrides (risk level, turned off).
 */
export const integrationSettingsSchema = z.object({
  base_url: z.string().nullable().default(null),
  fields: z.record(z.string(), z.string()).default({}),
  secrets: z
    .record(z.string(), z.object({ set_at: z.string(), last4: z.string().nullable() }))
    .default({}),
  actions: z
    .record(
      z.string(),
      z.object({ risk: z.enum(RISK_LEVELS).optional(), enabled: z.boolean().optional() }),
    )
    .default({}),
});
export type IntegrationSettings = z.infer<typeof integrationSettingsSchema>;

const PREFIX = 'integration.';
/** Changes on every settings write; each replica reloads its copy when it differs. */
export const SETTINGS_VERSION_KEY = 'int:settings:version';
export const EMPTY_SETTINGS: IntegrationSettings = integrationSettingsSchema.parse({});

/**
 * Integration settings in the settings table (configuration, not cognitive state). Reads come
 * from a parsed copy of all of them, reloaded only when the version in the key-value store
 * changed (any replica's write changes it), so a call costs no SQL query.
 */
export class IntegrationSettingsStore {
  private cached: { version: string; all: Map<string, IntegrationSettings> } | null = null;

  constructor(
    private readonly settings: SettingsService,
    private readonly kv: KvStore,
  ) {}

  /** The current version; pass it (read with other keys at once) to the reads below. */
  async version(): Promise<string> {
    return (await this.kv.get(SETTINGS_VERSION_KEY)) ?? 'none';
  }

  /** Callers must not change the returned object (update() for that). */
  async get(integrationId: string, version?: string | null): Promise<IntegrationSettings> {
    return (await this.all(version)).get(integrationId) ?? EMPTY_SETTINGS;
  }

  async all(version?: string | null): Promise<Map<string, IntegrationSettings>> {
    const current = version ?? (await this.version());
    if (this.cached?.version === current) return this.cached.all;
    const rows = await this.settings.list(PREFIX);
    const all = new Map<string, IntegrationSettings>();
    for (const row of rows) {
      const parsed = integrationSettingsSchema.safeParse(row.value);
      if (parsed.success) all.set(row.key.slice(PREFIX.length), parsed.data);
    }
    this.cached = { version: current, all };
    return all;
  }

  async delete(integrationId: string): Promise<void> {
    this.cached = null;
    await this.settings.delete(PREFIX + integrationId);
    // The other replicas' copies still hold the removed settings (an MCP server's overrides).
    await this.kv.set(SETTINGS_VERSION_KEY, randomUUID());
  }

  async update(
    integrationId: string,
    change: (current: IntegrationSettings) => IntegrationSettings,
    actor: string,
  ): Promise<IntegrationSettings> {
    this.cached = null;
    const current = await this.settings.get(
      PREFIX + integrationId,
      integrationSettingsSchema,
      EMPTY_SETTINGS,
    );
    const next = change(structuredClone(current));
    await this.settings.set(PREFIX + integrationId, next, actor);
    this.cached = null;
    await this.kv.set(SETTINGS_VERSION_KEY, randomUUID());
    return next;
  }
}
