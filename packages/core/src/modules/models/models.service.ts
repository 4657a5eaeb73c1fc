import type { EmbeddingModel, LanguageModel } from 'ai';
import type { FastifyBaseLogger } from 'fastify';
import { ConflictError, NotFoundError, ValidationError } from '../../errors/app-error.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { Vault } from '../vault/vault.service.js';
import { DefaultModelResolver, type ModelHealth, type ResolvedModel } from './default-model.js';
import { createEmbeddingModel, createLanguageModel } from './language-model.js';
import type { ProviderRow, ProvidersRepository } from './models.repository.js';
import {
  type CreateProviderInput,
  type DefaultModel,
  defaultModelSchema,
  type ProviderView,
  type UpdateProviderInput,
} from './models.schema.js';
import { costUsd } from './pricing.js';
import { type CatalogModel, fetchCatalog } from './provider-catalog.js';
import {
  ENV_PROVIDER_IDS,
  envProviders,
  type ModelsOptions,
  type ProviderRecord,
  parseModelRef,
  recordFromRow,
  toView,
  trimSlash,
  vaultKeyName,
} from './provider-registry.js';

export type { ModelHealth, ResolvedModel } from './default-model.js';

export const DEFAULT_MODEL_SETTING = 'models.default';

export interface ModelsServiceOptions {
  repository: ProvidersRepository;
  vault: Vault;
  settings: SettingsService;
  options: ModelsOptions;
  logger: FastifyBaseLogger;
  /** How long a health answer is reused (default 30 s, so /health stays cheap). */
  healthTtlMs?: number;
  /** How long resolveDefault reuses its answer (default 5 s; changes made here clear it). */
  resolveTtlMs?: number;
}

/** What an update changed, for the audit row (names only, never the key). */
export interface ProviderChange {
  provider: ProviderView;
  changed: string[];
  key: 'set' | 'removed' | 'unchanged';
}

/**
 * Model providers from the environment (read-only) and the dashboard (stored in SQL, keys in the
 * vault), the default model, and what the runtime needs to call it.
 */
export class ModelsService {
  private readonly envRecords: ProviderRecord[];
  private readonly resolver: DefaultModelResolver;

  constructor(private readonly deps: ModelsServiceOptions) {
    this.envRecords = envProviders(deps.options);
    this.resolver = new DefaultModelResolver({
      providers: () => this.records(),
      apiKey: (record) => this.apiKey(record),
      explicitDefaults: async () =>
        [parseModelRef(this.deps.options.defaultModel), await this.storedDefault()].filter(
          (choice): choice is DefaultModel => choice !== null,
        ),
      logger: deps.logger,
      ...(deps.healthTtlMs !== undefined ? { healthTtlMs: deps.healthTtlMs } : {}),
      ...(deps.resolveTtlMs !== undefined ? { resolveTtlMs: deps.resolveTtlMs } : {}),
    });
  }

  async listProviders(): Promise<ProviderView[]> {
    const records = await this.records();
    return Promise.all(records.map(async (r) => toView(r, await this.hasKey(r))));
  }

  async addProvider(input: CreateProviderInput): Promise<ProviderView> {
    if (input.kind === 'openai_compatible' && !input.base_url) {
      throw new ValidationError('Invalid body', [
        { path: '/base_url', message: 'is required for an openai_compatible provider' },
      ]);
    }
    if (ENV_PROVIDER_IDS.includes(input.provider_id)) throw providerExists(input.provider_id);
    const row = await this.deps.repository.insert({
      provider_id: input.provider_id,
      kind: input.kind,
      label: input.label,
      base_url: input.base_url ? trimSlash(input.base_url) : null,
    });
    if (!row) throw providerExists(input.provider_id);
    try {
      const name = vaultKeyName(row.provider_id);
      // Without a key, a key left under this id by an earlier provider must not be inherited.
      if (input.api_key) await this.deps.vault.put(name, input.api_key);
      else await this.deps.vault.delete(name);
    } catch (error) {
      // A provider without the key it was given would fail later and more confusingly.
      await this.deps.repository.delete(row.provider_id);
      throw error;
    }
    this.resolver.invalidate();
    return toView(recordFromRow(row), Boolean(input.api_key));
  }

  async updateProvider(providerId: string, patch: UpdateProviderInput): Promise<ProviderChange> {
    const current = await this.requireDashboard(providerId);
    if (patch.base_url === null && current.kind === 'openai_compatible') {
      throw new ValidationError('Invalid body', [
        { path: '/base_url', message: 'cannot be removed from an openai_compatible provider' },
      ]);
    }
    const changed: string[] = [];
    const fields: Partial<Pick<ProviderRow, 'label' | 'base_url'>> = {};
    if (patch.label !== undefined) fields.label = patch.label;
    if (patch.base_url !== undefined) fields.base_url = patch.base_url && trimSlash(patch.base_url);
    changed.push(...Object.keys(fields));
    const row = await this.deps.repository.update(providerId, fields);
    if (!row) throw notFound(providerId);
    let key: ProviderChange['key'] = 'unchanged';
    if (typeof patch.api_key === 'string' && patch.api_key !== '') {
      await this.deps.vault.put(vaultKeyName(providerId), patch.api_key);
      key = 'set';
    } else if (patch.api_key === '' || patch.api_key === null) {
      await this.deps.vault.delete(vaultKeyName(providerId));
      key = 'removed';
    }
    if (key !== 'unchanged') changed.push('api_key');
    this.resolver.invalidate();
    const record = recordFromRow(row);
    return { provider: toView(record, await this.hasKey(record)), changed, key };
  }

  /** Removes the provider and its key; true when the stored default pointed at it (now cleared). */
  async removeProvider(providerId: string): Promise<{ defaultCleared: boolean }> {
    await this.requireDashboard(providerId);
    if (!(await this.deps.repository.delete(providerId))) throw notFound(providerId);
    await this.deps.vault.delete(vaultKeyName(providerId));
    const stored = await this.storedDefault();
    const defaultCleared = stored?.provider_id === providerId;
    if (defaultCleared) await this.deps.settings.delete(DEFAULT_MODEL_SETTING);
    this.resolver.invalidate();
    return { defaultCleared };
  }

  /** The provider's own model list; UpstreamError (502) when it fails. */
  async catalog(providerId: string): Promise<CatalogModel[]> {
    const record = await this.require(providerId);
    return fetchCatalog({ ...target(record), apiKey: await this.apiKey(record) });
  }

  /** Whether the provider answers with this configuration; failures are reported, not thrown. */
  async test(providerId: string) {
    const record = await this.require(providerId);
    const apiKey = await this.apiKey(record);
    const started = performance.now();
    try {
      const models = await fetchCatalog({ ...target(record), apiKey });
      return { ok: true, latency_ms: elapsed(started), models: models.length };
    } catch (error) {
      return {
        ok: false,
        latency_ms: elapsed(started),
        models: 0,
        error: (error as Error).message,
      };
    }
  }

  /** DEFAULT_MODEL, else the one chosen on the dashboard; null leaves it to the first provider. */
  async getDefault(): Promise<DefaultModel | null> {
    return parseModelRef(this.deps.options.defaultModel) ?? (await this.storedDefault());
  }

  /** Where the default in effect comes from, for the dashboard to say so up front. */
  defaultSource(current: DefaultModel | null): 'env' | 'dashboard' | null {
    if (!current) return null;
    return this.deps.options.defaultModel ? 'env' : 'dashboard';
  }

  async setDefault(choice: DefaultModel, actor: string): Promise<DefaultModel> {
    if (this.deps.options.defaultModel) {
      throw new ConflictError(
        'default_managed_by_env',
        'DEFAULT_MODEL is set in the environment; unset it to choose the default here',
      );
    }
    await this.require(choice.provider_id);
    const value = { provider_id: choice.provider_id, model: choice.model };
    await this.deps.settings.set(DEFAULT_MODEL_SETTING, value, actor);
    this.resolver.invalidate();
    return value;
  }

  /** DEFAULT_MODEL > the dashboard's choice > the first provider's first model; null: none. */
  resolveDefault(): Promise<ResolvedModel | null> {
    return this.resolver.resolve();
  }

  /** Stops the default model's background reloads. */
  close(): void {
    this.resolver.close();
  }

  /** The SPEC health component of the default model (cached, see healthTtlMs). */
  health(): Promise<ModelHealth> {
    return this.resolver.health();
  }

  /** The language model named `<provider>/<model>`; NotFoundError for an unknown provider. */
  async languageModel(ref: string): Promise<LanguageModel> {
    const parsed = parseModelRef(ref);
    if (!parsed) throw new NotFoundError(`No model ${ref}; name it as <provider>/<model>`);
    const record = await this.require(parsed.provider_id);
    return createLanguageModel(
      { kind: record.kind, baseUrl: record.baseUrl, apiKey: await this.apiKey(record) },
      parsed.model,
    );
  }

  /**
   * The embedding model named `<provider>/<model>`; NotFoundError for an unknown provider,
   * ConflictError for one that cannot embed (Anthropic).
   */
  async embeddingModel(ref: string): Promise<EmbeddingModel> {
    const parsed = parseModelRef(ref);
    if (!parsed)
      throw new NotFoundError(`No embedding model ${ref}; name it as <provider>/<model>`);
    const record = await this.require(parsed.provider_id);
    const model = await createEmbeddingModel(
      { kind: record.kind, baseUrl: record.baseUrl, apiKey: await this.apiKey(record) },
      parsed.model,
    );
    if (!model)
      throw new ConflictError(
        'embeddings_unsupported',
        `Provider ${record.id} (${record.kind}) has no embeddings API`,
      );
    return model;
  }

  costUsd(modelName: string, usage: { input: number; output: number }): number | null {
    return costUsd(modelName, usage);
  }

  /** Environment providers first, then the dashboard's in the order they were added. */
  private async records(): Promise<ProviderRecord[]> {
    const rows = await this.deps.repository.list();
    return [...this.envRecords, ...rows.map(recordFromRow)];
  }

  private async require(providerId: string): Promise<ProviderRecord> {
    const env = this.envRecords.find((r) => r.id === providerId);
    if (env) return env;
    const row = await this.deps.repository.find(providerId);
    if (!row) throw notFound(providerId);
    return recordFromRow(row);
  }

  private async requireDashboard(providerId: string): Promise<ProviderRecord> {
    const record = await this.require(providerId);
    if (record.source === 'env') {
      throw new ConflictError(
        'provider_managed_by_env',
        `Provider ${providerId} comes from the environment; change it there`,
      );
    }
    return record;
  }

  private async apiKey(record: ProviderRecord): Promise<string | null> {
    if (record.source === 'env') return record.envKey ?? null;
    return this.deps.vault.get(vaultKeyName(record.id));
  }

  private hasKey(record: ProviderRecord): Promise<boolean> {
    if (record.source === 'env') return Promise.resolve(Boolean(record.envKey));
    return this.deps.vault.has(vaultKeyName(record.id));
  }

  private storedDefault(): Promise<DefaultModel | null> {
    return this.deps.settings.get(DEFAULT_MODEL_SETTING, defaultModelSchema.nullable(), null);
  }
}

const target = (record: ProviderRecord) => ({ kind: record.kind, baseUrl: record.baseUrl });
const elapsed = (started: number) => Math.round(performance.now() - started);
const notFound = (id: string) => new NotFoundError(`No model provider ${id}`);
const providerExists = (id: string) =>
  new ConflictError('provider_exists', `A model provider with the id ${id} exists or is reserved`);
