import { z } from 'zod';
import { booleanText, field } from './field.js';

/** The agent's memory: what it extracts, how it searches, how much it injects. */
export const memoryConfig = {
  embeddingModel: field(
    'MEMORY_EMBEDDING_MODEL',
    z
      .string()
      .regex(
        /^[a-z0-9_-]+\/.+$/,
        'must be <provider>/<model>, such as openai/text-embedding-3-small',
      )
      .optional(),
    {
      doc: 'Embedding model as <provider>/<model> for hybrid memory search; unset: lexical search (or the one set on /vector-memory).',
    },
  ),
  extraction: field('MEMORY_EXTRACTION', booleanText, {
    default: 'true',
    doc: 'Let the model extract facts, entities and relations from observations (they are stored either way).',
  }),
  extractionIdleSeconds: field(
    'MEMORY_EXTRACTION_IDLE_SECONDS',
    z.coerce.number().int().min(0).max(3_600),
    {
      default: '10',
      doc: 'Seconds a chat turn waits before its extraction, so the turns of a conversation are extracted together (one model call for up to 8).',
    },
  ),
  tokenBudget: field('MEMORY_TOKEN_BUDGET', z.coerce.number().int().min(0).max(20_000), {
    default: '600',
    doc: 'Tokens of recalled memory added to each model request (pinned blocks not counted); 0 turns recall off.',
  }),
  recallBudgetMs: field('MEMORY_RECALL_BUDGET_MS', z.coerce.number().int().min(0).max(10_000), {
    default: '40',
    doc: 'Longest a model request waits for memory recall; past it the request goes on without recalled items (the trace says so). 0: no limit.',
  }),
};
