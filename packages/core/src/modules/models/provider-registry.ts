import type { ProviderRow } from './models.repository.js';
import type { ProviderKind, ProviderView } from './models.schema.js';

/** `app.config.models`, as plain options so this module does not depend on config/. */
export interface ModelsOptions {
  openaiApiKey?: string;
  openaiBaseUrl?: string;
  anthropicApiKey?: string;
  ollamaUrl?: string;
  /** `<provider>/<model>`. */
  defaultModel?: string;
}

/** What the kind talks to when no base URL is given. */
export const DEFAULT_BASE_URLS: Record<Exclude<ProviderKind, 'openai_compatible'>, string> = {
  openai: 'https://api.openai.com/v1',
  anthropic: 'https://api.anthropic.com/v1',
};

/** Ids the environment may claim; the dashboard cannot take them even while they are unset. */
export const ENV_PROVIDER_IDS: readonly string[] = ['openai', 'anthropic', 'ollama'];

/** A provider from either source, with the URL it is actually called at. */
export interface ProviderRecord {
  id: string;
  kind: ProviderKind;
  label: string;
  baseUrl: string;
  source: 'env' | 'dashboard';
  /** The environment variables that configure an env provider (empty for dashboard ones). */
  envVars: string[];
  /** The key of an env provider (dashboard keys are read from the vault when needed). */
  envKey?: string;
}

/** A local or self-hosted server serving a model of the same name is not billed at list price. */
export function isVendorApi(record: Pick<ProviderRecord, 'kind' | 'baseUrl'>): boolean {
  return record.kind !== 'openai_compatible' && record.baseUrl === DEFAULT_BASE_URLS[record.kind];
}

export const vaultKeyName = (providerId: string) => `models/${providerId}/api_key`;

export const trimSlash = (url: string) => url.replace(/\/+$/, '');

export function baseUrlFor(kind: ProviderKind, stored: string | null): string {
  if (stored) return trimSlash(stored);
  // openai_compatible rows always carry a URL (the schema requires it); this is a safe fallback.
  return kind === 'openai_compatible' ? '' : DEFAULT_BASE_URLS[kind];
}

/** Providers named in the environment, in a fixed order (the first is the default's fallback). */
export function envProviders(options: ModelsOptions): ProviderRecord[] {
  const providers: ProviderRecord[] = [];
  if (options.openaiApiKey || options.openaiBaseUrl) {
    providers.push({
      id: 'openai',
      kind: 'openai',
      label: options.openaiBaseUrl ? 'OpenAI-compatible (OPENAI_BASE_URL)' : 'OpenAI',
      baseUrl: baseUrlFor('openai', options.openaiBaseUrl ?? null),
      source: 'env',
      envVars: [
        ...(options.openaiApiKey ? ['OPENAI_API_KEY'] : []),
        ...(options.openaiBaseUrl ? ['OPENAI_BASE_URL'] : []),
      ],
      ...(options.openaiApiKey ? { envKey: options.openaiApiKey } : {}),
    });
  }
  if (options.anthropicApiKey) {
    providers.push({
      id: 'anthropic',
      kind: 'anthropic',
      label: 'Anthropic',
      baseUrl: DEFAULT_BASE_URLS.anthropic,
      source: 'env',
      envVars: ['ANTHROPIC_API_KEY'],
      envKey: options.anthropicApiKey,
    });
  }
  if (options.ollamaUrl) {
    providers.push({
      id: 'ollama',
      kind: 'openai_compatible',
      label: 'Ollama',
      baseUrl: `${trimSlash(options.ollamaUrl)}/v1`,
      source: 'env',
      envVars: ['OLLAMA_URL'],
    });
  }
  return providers;
}

export function recordFromRow(row: ProviderRow): ProviderRecord {
  return {
    id: row.provider_id,
    kind: row.kind,
    label: row.label,
    baseUrl: baseUrlFor(row.kind, row.base_url),
    source: 'dashboard',
    envVars: [],
  };
}

export function toView(record: ProviderRecord, hasKey: boolean): ProviderView {
  return {
    provider_id: record.id,
    kind: record.kind,
    label: record.label,
    base_url: record.baseUrl,
    source: record.source,
    env_vars: record.envVars,
    has_key: hasKey,
  };
}

/** `openai/gpt-4o-mini` -> provider and model; the model part may itself contain slashes. */
export function parseModelRef(
  text: string | undefined,
): { provider_id: string; model: string } | null {
  if (!text) return null;
  const slash = text.indexOf('/');
  if (slash <= 0 || slash === text.length - 1) return null;
  return { provider_id: text.slice(0, slash), model: text.slice(slash + 1) };
}
