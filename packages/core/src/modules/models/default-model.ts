import type { LanguageModel } from 'ai';
import type { FastifyBaseLogger } from 'fastify';
import { once } from '../../util/once.js';
import type { ChatTarget } from './chat-stream/chat-types.js';
import { createLanguageModel } from './language-model.js';
import type { DefaultModel, ProviderKind } from './models.schema.js';
import { fetchCatalog, UpstreamError } from './provider-catalog.js';
import { isVendorApi, type ProviderRecord } from './provider-registry.js';

export interface ResolvedModel {
  providerId: string;
  kind: ProviderKind;
  modelName: string;
  /** Where the chat path's streaming calls go (`chat-stream/`). */
  target: ChatTarget;
  /**
   * The AI SDK's model, for one-shot calls (goal plans, memory extraction), built on first use:
   * the chat path never needs one.
   */
  languageModel(): Promise<LanguageModel>;
  /** True when the provider is the vendor's own API, so list prices apply to its usage. */
  billed: boolean;
}

/** SPEC's health component for the model. */
export interface ModelHealth {
  status: 'ok' | 'error' | 'unconfigured';
  provider: string;
  name: string;
}

export interface DefaultModelResolverOptions {
  providers(): Promise<ProviderRecord[]>;
  apiKey(record: ProviderRecord): Promise<string | null>;
  /** Named defaults, strongest first: DEFAULT_MODEL, then the dashboard's choice. */
  explicitDefaults(): Promise<DefaultModel[]>;
  logger: FastifyBaseLogger;
  healthTtlMs?: number;
  /** How long a resolution is reused (default 5 s); see DefaultModelResolver. */
  resolveTtlMs?: number;
  /** Under HealthService's own 2 s limit, so a slow provider still shows up by name. */
  healthTimeoutMs?: number;
}

/** The first model a provider listed, reused for this long before asking again. */
const FIRST_MODEL_TTL_MS = 30_000;

/**
 * Catalogs also list models that cannot chat (OpenAI's holds whisper-1 and dall-e-3, Ollama's
 * embedding models); the fallback skips those unless nothing else is listed.
 */
const NOT_CHAT =
  /embed|whisper|tts|dall-e|moderation|davinci|babbage|image|audio|realtime|transcribe|search|sora/i;

export function firstChatModel(models: { id: string }[]): string | undefined {
  return (models.find((m) => !NOT_CHAT.test(m.id)) ?? models[0])?.id;
}

/** A promise reused for a while; concurrent callers share one load. */
class Cached<T> {
  private entry: { at: number; value: Promise<T> } | null = null;
  /** Bumped by clear(), so a reload that a change overtook is not kept. */
  private generation = 0;

  get(ttlMs: number, load: () => Promise<T>, options: { keepFailures: boolean }): Promise<T> {
    if (this.entry && Date.now() - this.entry.at < ttlMs) return this.entry.value;
    const entry = { at: Date.now(), value: load() };
    this.entry = entry;
    if (!options.keepFailures) {
      entry.value.catch(() => {
        if (this.entry === entry) this.entry = null;
      });
    }
    return entry.value;
  }

  /**
   * Loads again while the current answer keeps serving, and keeps the new one once it is in;
   * a failed reload leaves the current answer to age out.
   */
  async reload(load: () => Promise<T>): Promise<void> {
    const generation = this.generation;
    const value = await load();
    if (generation === this.generation)
      this.entry = { at: Date.now(), value: Promise.resolve(value) };
  }

  clear(): void {
    this.entry = null;
    this.generation += 1;
  }
}

/**
 * Decides which model the runtime calls, and whether it is alive. The caches are in-process
 * copies of what the shared stores say, cleared here at every change; another replica sees a
 * change within resolveTtlMs. Without them each chat turn paid ~1 ms of store reads (PGlite),
 * half the model-loop overhead budget.
 */
export class DefaultModelResolver {
  private firstModels = new Map<string, { at: number; model: string }>();
  private readonly resolved = new Cached<ResolvedModel | null>();
  private readonly healthCache = new Cached<ModelHealth>();
  private lastAsked = 0;
  private refresher: NodeJS.Timeout | null = null;
  private reloading = false;

  constructor(private readonly options: DefaultModelResolverOptions) {}

  /** Forgets cached answers after a provider or the default changed. */
  invalidate(): void {
    this.firstModels.clear();
    this.resolved.clear();
    this.healthCache.clear();
  }

  resolve(): Promise<ResolvedModel | null> {
    const ttlMs = this.options.resolveTtlMs ?? 5_000;
    this.lastAsked = Date.now();
    this.keepFresh(ttlMs);
    return this.resolved.get(ttlMs, () => this.resolveNow(), { keepFailures: false });
  }

  /** Stops the background reloads (the app is closing). */
  close(): void {
    if (this.refresher) clearInterval(this.refresher);
    this.refresher = null;
  }

  /**
   * While resolve() keeps being asked (a conversation), its answer is reloaded on a timer every
   * half of ttlMs, so no message waits for the reads (about 1 ms on the embedded database, once
   * every ttlMs of chat, which set the model loop's p90) and an answer is still never older than
   * ttlMs. Asked no more for ttlMs, the timer stops: an idle runtime reads nothing.
   */
  private keepFresh(ttlMs: number): void {
    if (this.refresher) return;
    this.refresher = setInterval(() => {
      if (Date.now() - this.lastAsked > ttlMs) return this.close();
      if (this.reloading) return;
      this.reloading = true;
      this.resolved
        .reload(() => this.resolveNow())
        .catch(() => {})
        .finally(() => {
          this.reloading = false;
        });
    }, ttlMs / 2);
    this.refresher.unref();
  }

  /** The SPEC health component; an answer (failures too) is reused for healthTtlMs. */
  health(): Promise<ModelHealth> {
    return this.healthCache.get(this.options.healthTtlMs ?? 30_000, () => this.probe(), {
      keepFailures: true,
    });
  }

  /**
   * null only when no provider is configured. When providers exist but none can name a model
   * (all unreachable), the error of the first is thrown: "configure a provider" would mislead.
   */
  private async resolveNow(): Promise<ResolvedModel | null> {
    const providers = await this.options.providers();
    const explicit = await this.explicit(providers);
    if (explicit) return this.build(explicit.record, explicit.model);
    let firstError: unknown;
    for (const record of providers) {
      try {
        const model = await this.firstModel(record);
        if (model) return this.build(record, model);
      } catch (error) {
        firstError ??= error;
      }
    }
    if (firstError) throw firstError;
    if (providers.length > 0) {
      throw new UpstreamError(null, 'No model provider lists any model; choose one on /models');
    }
    return null;
  }

  private async probe(): Promise<ModelHealth> {
    const providers = await this.options.providers();
    if (providers.length === 0) return { status: 'unconfigured', provider: 'none', name: '' };
    const explicit = await this.explicit(providers);
    const record = explicit?.record ?? (providers[0] as ProviderRecord);
    try {
      const models = await fetchCatalog(
        { kind: record.kind, baseUrl: record.baseUrl, apiKey: await this.options.apiKey(record) },
        this.options.healthTimeoutMs ?? 1_500,
      );
      const name = explicit?.model ?? firstChatModel(models) ?? '';
      return { status: 'ok', provider: record.id, name };
    } catch {
      return { status: 'error', provider: record.id, name: explicit?.model ?? '' };
    }
  }

  /** The strongest named default whose provider exists; a dangling one is logged and skipped. */
  private async explicit(providers: ProviderRecord[]) {
    for (const choice of await this.options.explicitDefaults()) {
      const record = providers.find((p) => p.id === choice.provider_id);
      if (record) return { record, model: choice.model };
      this.options.logger.warn(
        { provider: choice.provider_id, model: choice.model },
        'the default model names a provider that does not exist; skipping it',
      );
    }
    return null;
  }

  private async firstModel(record: ProviderRecord): Promise<string | undefined> {
    const cached = this.firstModels.get(record.id);
    if (cached && Date.now() - cached.at < FIRST_MODEL_TTL_MS) return cached.model;
    const models = await fetchCatalog({
      kind: record.kind,
      baseUrl: record.baseUrl,
      apiKey: await this.options.apiKey(record),
    });
    const model = firstChatModel(models);
    if (model) this.firstModels.set(record.id, { at: Date.now(), model });
    return model;
  }

  private async build(record: ProviderRecord, modelName: string): Promise<ResolvedModel> {
    const apiKey = await this.options.apiKey(record);
    const target = { kind: record.kind, baseUrl: record.baseUrl, apiKey, model: modelName };
    return {
      providerId: record.id,
      kind: record.kind,
      modelName,
      target,
      languageModel: once(() => createLanguageModel(target, modelName)),
      billed: isVendorApi(record),
    };
  }
}
