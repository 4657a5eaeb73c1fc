import type { EmbeddingModel } from 'ai';
import { loadAiSdk } from '../models/ai-sdk.js';
import type { ModelsService } from '../models/models.service.js';
import type { MemorySettingsStore } from './memory-settings.js';

export interface Embedding {
  /** `<provider>/<model>` that produced the vectors (stored as embedding_model). */
  model: string;
  vectors: number[][];
}

/**
 * Embeddings through the provider the operator named (MEMORY_EMBEDDING_MODEL or the setting):
 * OpenAI, Ollama or another OpenAI-compatible server, via the AI SDK. No model is ever
 * downloaded: without one, search stays lexical.
 */
export class Embedder {
  private built: { ref: string; model: Promise<EmbeddingModel> } | null = null;

  constructor(
    private readonly models: ModelsService,
    private readonly settings: MemorySettingsStore,
  ) {}

  /** The configured model reference, or null in lexical mode. */
  async modelRef(): Promise<string | null> {
    return (await this.settings.current()).embedding_model;
  }

  /** Vectors for the texts, in order; null in lexical mode. Provider failures throw. */
  async embed(texts: string[], signal?: AbortSignal): Promise<Embedding | null> {
    const ref = await this.modelRef();
    if (!ref || texts.length === 0) return null;
    if (this.built?.ref !== ref) {
      const model = this.models.embeddingModel(ref);
      model.catch(() => {
        if (this.built?.model === model) this.built = null;
      });
      this.built = { ref, model };
    }
    const { embedMany } = await loadAiSdk();
    const { embeddings } = await embedMany({
      model: await this.built.model,
      values: texts,
      maxRetries: 1,
      ...(signal ? { abortSignal: signal } : {}),
    });
    return { model: ref, vectors: embeddings };
  }
}
