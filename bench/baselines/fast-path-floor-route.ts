/**
 * The floors' one route: the fast path's request (its zod body schema) answered at once with the
 * fast path's reply (its zod reply schema), so what a floor measures is everything but the work.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  chatReplySchema,
  chatRequestSchema,
} from '../../packages/core/src/modules/chat/chat.schema.ts';

export function answerFastPathAtOnce(app: FastifyInstance, url: string): void {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      url,
      { schema: { body: chatRequestSchema, response: { 200: chatReplySchema } } },
      async (request) => ({
        request_id: crypto.randomUUID(),
        chat_id: request.body.chat_id,
        tier: 'fast_path' as const,
        reply: '12*7 = 84',
      }),
    );
}
