import type { ProviderKind } from '../../api/models';

export const KIND_LABELS: Record<ProviderKind, string> = {
  openai: 'OpenAI',
  anthropic: 'Anthropic',
  openai_compatible: 'OpenAI-compatible',
};

export const KIND_OPTIONS = [
  { value: 'openai', label: 'OpenAI' },
  { value: 'anthropic', label: 'Anthropic' },
  {
    value: 'openai_compatible',
    label: 'OpenAI-compatible (Ollama, vLLM, llama.cpp, LM Studio)',
  },
];

/** What the runtime calls when no base URL is given (mirrors the runtime's defaults). */
export const DEFAULT_BASE_URLS: Record<ProviderKind, string | null> = {
  openai: 'https://api.openai.com/v1',
  anthropic: 'https://api.anthropic.com/v1',
  openai_compatible: null,
};

export const COMPATIBLE_URL_EXAMPLE = 'http://127.0.0.1:11434/v1';

/** `My vLLM box` -> `my-vllm-box`: a provider id the runtime accepts (a-z 0-9 _ -, 1-40). */
export function slugify(label: string): string {
  return label
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
}
