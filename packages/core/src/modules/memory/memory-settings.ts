import { z } from 'zod';
import { ConflictError } from '../../errors/app-error.js';
import type { SettingsService } from '../settings/settings.service.js';

const SETTING_KEY = 'memory.settings';
/** How long a replica may act on a setting another replica has changed. */
const CACHE_MS = 2_000;

const storedSchema = z.object({
  embedding_model: z.string().nullable().optional(),
  extraction_enabled: z.boolean().optional(),
});

export interface MemorySettings {
  /** `<provider>/<model>`, or null for lexical search. */
  embedding_model: string | null;
  embedding_model_source: 'env' | 'operator' | null;
  extraction_enabled: boolean;
  /** `env` when MEMORY_EXTRACTION=false switches it off for good. */
  extraction_source: 'env' | 'operator' | 'default';
}

export interface MemoryEnv {
  embeddingModel?: string | undefined;
  extraction: boolean;
}

/**
 * The operator's memory choices: the embedding model (MEMORY_EMBEDDING_MODEL wins, as
 * DEFAULT_MODEL does for chat) and whether extraction runs. Configuration, not cognitive state:
 * kept in the settings table, which a Panic Reset leaves alone. Read through a short cache so a
 * chat turn does no settings work.
 */
export class MemorySettingsStore {
  private cached: { at: number; value: Promise<MemorySettings> } | null = null;
  private readonly changeListeners: Array<(settings: MemorySettings) => void> = [];

  constructor(
    private readonly settings: SettingsService,
    private readonly env: MemoryEnv,
  ) {}

  /** Called after the operator changes a setting on this replica. */
  onChange(listener: (settings: MemorySettings) => void): void {
    this.changeListeners.push(listener);
  }

  current(): Promise<MemorySettings> {
    if (this.cached && Date.now() - this.cached.at < CACHE_MS) return this.cached.value;
    const value = this.load();
    this.cached = { at: Date.now(), value };
    value.catch(() => {
      if (this.cached?.value === value) this.cached = null;
    });
    return value;
  }

  async update(
    patch: {
      embedding_model?: string | null | undefined;
      extraction_enabled?: boolean | undefined;
    },
    actor: string,
  ): Promise<MemorySettings> {
    if (patch.embedding_model !== undefined && this.env.embeddingModel)
      throw new ConflictError(
        'managed_by_env',
        'MEMORY_EMBEDDING_MODEL is set in the environment; unset it to choose the model here',
      );
    if (patch.extraction_enabled !== undefined && !this.env.extraction)
      throw new ConflictError(
        'managed_by_env',
        'MEMORY_EXTRACTION=false is set in the environment; unset it to switch extraction here',
      );
    const stored = await this.stored();
    const next = {
      ...stored,
      ...(patch.embedding_model !== undefined ? { embedding_model: patch.embedding_model } : {}),
      ...(patch.extraction_enabled !== undefined
        ? { extraction_enabled: patch.extraction_enabled }
        : {}),
    };
    await this.settings.set(SETTING_KEY, next, actor);
    this.cached = null;
    const current = await this.current();
    for (const listener of this.changeListeners) listener(current);
    return current;
  }

  private stored() {
    return this.settings.get(SETTING_KEY, storedSchema, {});
  }

  private async load(): Promise<MemorySettings> {
    const stored = await this.stored();
    const envModel = this.env.embeddingModel ?? null;
    const operatorModel = stored.embedding_model ?? null;
    return {
      embedding_model: envModel ?? operatorModel,
      embedding_model_source: envModel ? 'env' : operatorModel ? 'operator' : null,
      extraction_enabled: this.env.extraction && (stored.extraction_enabled ?? true),
      extraction_source: !this.env.extraction
        ? 'env'
        : stored.extraction_enabled !== undefined
          ? 'operator'
          : 'default',
    };
  }
}
