import { z } from 'zod';
import { defineAction, defineIntegration } from '../../integration.js';
import { at, pick, pickEach } from '../common.js';

const model = z
  .string()
  .min(1)
  .describe('Model name with tag, such as "llama3.2:3b" (list_models)');
const options = z
  .record(z.string(), z.unknown())
  .optional()
  .describe('Model options, such as {"temperature": 0.2, "num_ctx": 8192}');
const answerFields = ['model', 'done_reason', 'eval_count', 'total_duration'];

const generate = z.object({
  model,
  prompt: z.string().min(1).describe('Prompt'),
  system: z.string().optional().describe('System prompt'),
  options,
});
const chat = z.object({
  model,
  messages: z
    .array(
      z.object({
        role: z.enum(['system', 'user', 'assistant']).describe('Who speaks'),
        content: z.string().describe('What is said'),
      }),
    )
    .min(1)
    .describe('The conversation so far'),
  options,
});
const named = z.object({ model });

/**
 * Ollama, a local model server (usually in the LAN: set the base URL). No credentials locally;
 * the optional key is for ollama.com or a proxy that asks for a bearer token. Answers are asked
 * for whole (`stream: false`).
 */
export default defineIntegration({
  id: 'ollama',
  name: 'Ollama',
  category: 'ops',
  docsUrl: 'https://github.com/ollama/ollama/blob/main/docs/api.md',
  apiVersion: 'REST /api (0.x)',
  baseUrl: 'https://ollama.local:11434',
  baseUrlOverride: 'required',
  auth: { type: 'bearer', field: 'api_key' },
  fields: [
    {
      name: 'api_key',
      label: 'API key (only for ollama.com or an authenticating proxy)',
      secret: true,
      optional: true,
      example: 'ex4mple0llamaKey.000000000000000000000000',
    },
  ],
  testAction: 'list_models',
  actions: {
    list_models: defineAction<Record<string, never>>({
      description: 'The models installed on the server, with size and family.',
      risk: 'read',
      method: 'GET',
      path: '/api/tags',
      input: z.object({}),
      result: (body) =>
        pickEach(
          body,
          ['name', 'size', 'modified_at', 'details.family', 'details.parameter_size'],
          'models',
        ),
      example: { input: {}, request: 'GET /api/tags' },
    }),
    list_running: defineAction<Record<string, never>>({
      description: 'The models loaded in memory now, and until when.',
      risk: 'read',
      method: 'GET',
      path: '/api/ps',
      input: z.object({}),
      result: (body) =>
        pickEach(body, ['name', 'size_vram', 'expires_at', 'context_length'], 'models'),
      example: { input: {}, request: 'GET /api/ps' },
    }),
    generate: defineAction<z.infer<typeof generate>>({
      description: 'Ask a local model for a completion of a prompt.',
      risk: 'read',
      method: 'POST',
      path: '/api/generate',
      input: generate,
      body: (input) => ({ ...input, stream: false }),
      result: (body) => ({ response: at(body, 'response'), ...pick(body, answerFields) }),
      example: {
        input: { model: 'llama3.2:3b', prompt: 'Summarize: the backup job failed twice.' },
        request: 'POST /api/generate',
      },
    }),
    chat: defineAction<z.infer<typeof chat>>({
      description: 'Send a conversation to a local model and get its reply.',
      risk: 'read',
      method: 'POST',
      path: '/api/chat',
      input: chat,
      body: (input) => ({ ...input, stream: false }),
      result: (body) => ({ reply: at(body, 'message.content'), ...pick(body, answerFields) }),
      example: {
        input: { model: 'llama3.2:3b', messages: [{ role: 'user', content: 'Hello' }] },
        request: 'POST /api/chat',
      },
    }),
    pull_model: defineAction<z.infer<typeof named>>({
      description: 'Download a model from the Ollama library (may take minutes).',
      risk: 'write',
      method: 'POST',
      path: '/api/pull',
      input: named,
      body: (input) => ({ model: input.model, stream: false }),
      example: { input: { model: 'llama3.2:3b' }, request: 'POST /api/pull' },
    }),
    delete_model: defineAction<z.infer<typeof named>>({
      description: 'Delete an installed model and its data.',
      risk: 'destructive',
      method: 'DELETE',
      path: '/api/delete',
      input: named,
      body: ['model'],
      example: { input: { model: 'llama3.2:3b' }, request: 'DELETE /api/delete' },
    }),
  },
});
