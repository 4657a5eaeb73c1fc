import { request } from './client';

export const PROVIDER_KINDS = ['openai', 'anthropic', 'openai_compatible'] as const;
export type ProviderKind = (typeof PROVIDER_KINDS)[number];

/** A model provider; its key is write-only and never comes back, only whether one is set. */
export interface Provider {
  provider_id: string;
  kind: ProviderKind;
  label: string;
  base_url: string | null;
  /** `env` providers come from environment variables and are read-only here. */
  source: 'env' | 'dashboard';
  /** The environment variables that configure an `env` provider; empty for dashboard ones. */
  env_vars: string[];
  has_key: boolean;
}

export interface DefaultModel {
  provider_id: string;
  model: string;
}

export interface ModelsOverview {
  providers: Provider[];
  /** DEFAULT_MODEL, else the one chosen here; null: the first provider decides. */
  default: DefaultModel | null;
  /** `env`: DEFAULT_MODEL pins the default, so it cannot be changed here. */
  default_source: 'env' | 'dashboard' | null;
}

export interface NewProvider {
  provider_id: string;
  kind: ProviderKind;
  label: string;
  base_url?: string;
  api_key?: string;
}

export interface ProviderChange {
  label?: string;
  /** null: back to the kind's default URL */
  base_url?: string | null;
  /** A new key; null removes it; absent leaves it unchanged. */
  api_key?: string | null;
}

export interface CatalogModel {
  id: string;
  label?: string;
}

export interface ProviderTestResult {
  ok: boolean;
  latency_ms: number;
  /** How many models the provider lists */
  models: number;
  error?: string;
}

const providerPath = (id: string) => `/api/models/providers/${encodeURIComponent(id)}`;

export const fetchModels = (signal?: AbortSignal) =>
  request<ModelsOverview>('/api/models', { signal });

export const addProvider = (provider: NewProvider) =>
  request<Provider>('/api/models/providers', { method: 'POST', body: provider });

export const updateProvider = (id: string, change: ProviderChange) =>
  request<Provider>(providerPath(id), { method: 'PATCH', body: change });

export const removeProvider = (id: string) =>
  request<{ ok: true }>(providerPath(id), { method: 'DELETE' });

export const fetchCatalog = (id: string, signal?: AbortSignal) =>
  request<{ models: CatalogModel[] }>(`${providerPath(id)}/catalog`, { signal });

export const testProvider = (id: string) =>
  request<ProviderTestResult>(`${providerPath(id)}/test`, { method: 'POST' });

export const setDefaultModel = (choice: DefaultModel) =>
  request<{ default: DefaultModel }>('/api/models/default', { method: 'PUT', body: choice });
