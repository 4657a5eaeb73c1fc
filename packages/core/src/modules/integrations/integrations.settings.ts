import { z } from 'zod';
import type { KvStore } from '../../store/kv/kv-store.js';
import { SharedCache } from '../../store/kv/shared-cache.js';
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
/** Announced on every settings write, so each replica drops its parsed copy. */
export const SETTINGS_TOPIC = 'int:settings';
export const EMPTY_SETTINGS: IntegrationSettings = integrationSettingsSchema.parse({});

/**
 * Integration settings in the settings table (configuration, not cognitive state). Reads come
 * from a parsed copy of all of them, kept until a write on any replica announces a change (the
 * key-value store's publish/subscribe), so a call costs no SQL query and no key-value read.
 */
export class IntegrationSettingsStore {
  private readonly cache: SharedCache<Map<string, IntegrationSettings>>;
  /** Counts loads of the copy: a new number means the settings may have changed. */
  private loads = 0;

  constructor(
    private readonly settings: SettingsService,
    kv: KvStore,
  ) {
    this.cache = new SharedCache(kv, SETTINGS_TOPIC, () => this.load());
  }

  /** Changes whenever the settings may have changed (on any replica), for callers that cache. */
  async version(): Promise<string> {
    await this.cache.get();
    return String(this.loads);
  }

  /** Callers must not change the returned object (update() for that). */
  async get(integrationId: string): Promise<IntegrationSettings> {
    return (await this.all()).get(integrationId) ?? EMPTY_SETTINGS;
  }

  all(): Promise<Map<string, IntegrationSettings>> {
    return this.cache.get();
  }

  async delete(integrationId: string): Promise<void> {
    await this.settings.delete(PREFIX + integrationId);
    // The other replicas' copies still hold the removed settings (an MCP server's overrides).
    await this.cache.changed();
  }

  async update(
    integrationId: string,
    change: (current: IntegrationSettings) => IntegrationSettings,
    actor: string,
  ): Promise<IntegrationSettings> {
    const current = await this.settings.get(
      PREFIX + integrationId,
      integrationSettingsSchema,
      EMPTY_SETTINGS,
    );
    const next = change(structuredClone(current));
    await this.settings.set(PREFIX + integrationId, next, actor);
    await this.cache.changed();
    return next;
  }

  private async load(): Promise<Map<string, IntegrationSettings>> {
    const rows = await this.settings.list(PREFIX);
    const all = new Map<string, IntegrationSettings>();
    for (const row of rows) {
      const parsed = integrationSettingsSchema.safeParse(row.value);
      if (parsed.success) all.set(row.key.slice(PREFIX.length), parsed.data);
    }
    this.loads += 1;
    return all;
  }
}
