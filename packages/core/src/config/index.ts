import { registerSecretValue } from '../security/redact.js';
import { authConfig } from './auth.config.js';
import { autonomyConfig } from './autonomy.config.js';
import { containersConfig } from './containers.config.js';
import type { AreaValues, ConfigArea, ConfigField } from './field.js';
import { governanceConfig } from './governance.config.js';
import { healthConfig } from './health.config.js';
import { integrationsConfig } from './integrations.config.js';
import { mailConfig } from './mail.config.js';
import { memoryConfig } from './memory.config.js';
import { modelsConfig } from './models.config.js';
import { runtimeConfig } from './runtime.config.js';
import { serverConfig } from './server.config.js';
import { skillsConfig } from './skills.config.js';
import { storageConfig } from './storage.config.js';
import { telemetryConfig } from './telemetry.config.js';

/** Every configuration area; a later module adds its area here so boot validates it. */
export const configAreas = {
  server: serverConfig,
  storage: storageConfig,
  auth: authConfig,
  health: healthConfig,
  models: modelsConfig,
  runtime: runtimeConfig,
  skills: skillsConfig,
  autonomy: autonomyConfig,
  mail: mailConfig,
  governance: governanceConfig,
  containers: containersConfig,
  memory: memoryConfig,
  integrations: integrationsConfig,
  telemetry: telemetryConfig,
} satisfies Record<string, ConfigArea>;

type Areas = typeof configAreas;
export type Config = { readonly [A in keyof Areas]: AreaValues<Areas[A]> };

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** All fields, for documentation and the README check. */
export function listConfigFields(): ConfigField<unknown>[] {
  return Object.values(configAreas).flatMap((area) => Object.values(area as ConfigArea));
}

/**
 * Validates the environment once at boot. A bad value stops the process with a message that
 * names the variable (and never echoes a secret's value).
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const problems: string[] = [];
  const config: Record<string, Record<string, unknown>> = {};
  for (const [areaName, area] of Object.entries(configAreas)) {
    const values: Record<string, unknown> = {};
    for (const [key, def] of Object.entries(area as ConfigArea)) {
      const raw = env[def.env];
      const text = raw === undefined || raw === '' ? def.default : raw;
      const result = def.schema.safeParse(text);
      if (result.success) {
        values[key] = result.data;
      } else {
        const reason = result.error.issues.map((issue) => issue.message).join('; ');
        const shown = def.secret || text === undefined ? '' : ` (got "${text}")`;
        problems.push(`${def.env}: ${reason}${shown}`);
      }
    }
    config[areaName] = Object.freeze(values);
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return Object.freeze(config) as unknown as Config;
}

/** Every secret the configuration holds is hidden wherever it would appear verbatim. */
export function registerConfigSecrets(config: Config): void {
  for (const [areaName, area] of Object.entries(configAreas)) {
    const values = (config as unknown as Record<string, Record<string, unknown>>)[areaName] ?? {};
    for (const [key, def] of Object.entries(area as ConfigArea)) {
      const value = values[key];
      if (def.secret && typeof value === 'string') registerSecretValue(value);
    }
  }
}
