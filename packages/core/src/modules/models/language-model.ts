import type { EmbeddingModel, LanguageModel } from 'ai';
import { modelFetch } from '../../net/model-fetch.js';
import type { ProviderKind } from './models.schema.js';

export interface ModelTarget {
  kind: ProviderKind;
  baseUrl: string;
  apiKey: string | null;
}

/**
 * The AI SDK model for a provider. OpenAI and compatible servers go through `.chat()`: the
 * plain `openai(model)` call targets /v1/responses, which Ollama, vLLM and LM Studio lack.
 * Keyless local servers still get a placeholder key, because the SDK refuses to send none.
 * The provider packages load on first use, so a runtime without a model never loads them.
 * Requests go through `modelFetch` (undici's request), which costs less CPU than global fetch.
 */
export async function createLanguageModel(
  target: ModelTarget,
  modelName: string,
): Promise<LanguageModel> {
  if (target.kind === 'anthropic') {
    const { createAnthropic } = await import('@ai-sdk/anthropic');
    return createAnthropic({
      baseURL: target.baseUrl,
      apiKey: target.apiKey ?? '',
      fetch: modelFetch,
    })(modelName);
  }
  const { createOpenAI } = await import('@ai-sdk/openai');
  return createOpenAI({
    baseURL: target.baseUrl,
    apiKey: target.apiKey ?? 'not-needed',
    fetch: modelFetch,
  }).chat(modelName);
}

/**
 * The AI SDK embedding model of an OpenAI or OpenAI-compatible provider (Ollama serves
 * /v1/embeddings too). Anthropic offers no embeddings API, so it has none.
 */
export async function createEmbeddingModel(
  target: ModelTarget,
  modelName: string,
): Promise<EmbeddingModel | null> {
  if (target.kind === 'anthropic') return null;
  const { createOpenAI } = await import('@ai-sdk/openai');
  return createOpenAI({
    baseURL: target.baseUrl,
    apiKey: target.apiKey ?? 'not-needed',
    fetch: modelFetch,
  }).embeddingModel(modelName);
}
