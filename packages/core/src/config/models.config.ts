import { z } from 'zod';
import { durationText, field, httpUrl } from './field.js';

/** Model providers named in the environment; more are added from the /models page. */
export const modelsConfig = {
  openaiApiKey: field('OPENAI_API_KEY', z.string().min(1).optional(), {
    doc: 'Key of the OpenAI provider (or of the OpenAI-compatible server at OPENAI_BASE_URL).',
    secret: true,
  }),
  openaiBaseUrl: field('OPENAI_BASE_URL', httpUrl.optional(), {
    doc: 'Base URL of the OpenAI provider, for an OpenAI-compatible server (vLLM, LM Studio).',
  }),
  anthropicApiKey: field('ANTHROPIC_API_KEY', z.string().min(1).optional(), {
    doc: 'Key of the Anthropic provider.',
    secret: true,
  }),
  ollamaUrl: field('OLLAMA_URL', httpUrl.optional(), {
    doc: 'Base URL of an Ollama server (such as http://127.0.0.1:11434).',
  }),
  defaultModel: field(
    'DEFAULT_MODEL',
    z
      .string()
      .regex(/^[a-z0-9_-]+\/.+$/, 'must be <provider>/<model>, such as openai/gpt-4o-mini')
      .optional(),
    {
      doc: 'Default model as <provider>/<model>; unset: the one chosen on /models, or the first found.',
    },
  ),
  injectionClassifierModel: field(
    'INJECTION_CLASSIFIER_MODEL',
    z
      .string()
      .regex(/^[a-z0-9_-]+\/.+$/, 'must be <provider>/<model>, such as local/prompt-guard')
      .optional(),
    {
      doc: 'Model that gives a second opinion on untrusted text the input guard finds suspicious, as <provider>/<model>; unset: the default model.',
    },
  ),
  injectionClassifierTimeoutMs: field('INJECTION_CLASSIFIER_TIMEOUT', durationText(0, 30_000), {
    default: '0s',
    doc: 'Time the injection classifier may take on one text; 0s turns the second opinion off.',
  }),
};
