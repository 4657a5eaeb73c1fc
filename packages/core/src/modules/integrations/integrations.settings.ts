import { z } from 'zod';
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
export const EMPTY_SETTINGS: IntegrationSettings = integrationSettingsSchema.parse({});

/** Integration settings in the settings table (configuration, not cognitive state). */
export class IntegrationSettingsStore {
  constructor(private readonly settings: SettingsService) {}

  get(integrationId: string): Promise<IntegrationSettings> {
    return this.settings.get(PREFIX + integrationId, integrationSettingsSchema, EMPTY_SETTINGS);
  }

  async all(): Promise<Map<string, IntegrationSettings>> {
    const rows = await this.settings.list(PREFIX);
    const all = new Map<string, IntegrationSettings>();
    for (const row of rows) {
      const parsed = integrationSettingsSchema.safeParse(row.value);
      if (parsed.success) all.set(row.key.slice(PREFIX.length), parsed.data);
    }
    return all;
  }

  async update(
    integrationId: string,
    change: (current: IntegrationSettings) => IntegrationSettings,
    actor: string,
  ): Promise<IntegrationSettings> {
    const next = change(structuredClone(await this.get(integrationId)));
    await this.settings.set(PREFIX + integrationId, next, actor);
    return next;
  }
}
