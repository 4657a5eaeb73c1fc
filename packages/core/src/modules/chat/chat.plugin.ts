import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors/app-error.js';
import { abortOnDisconnect } from '../../http/abort-on-disconnect.js';
import { openSse } from '../../http/sse.js';
import {
  chatIdSchema,
  chatMessageSchema,
  chatReplySchema,
  chatRequestSchema,
  chatSummarySchema,
} from './chat.schema.js';
import { CHAT_ORIGINS } from './chat-origin.js';
import { chatRequestRecordSchema, chatRequests } from './chat-requests.js';
import { chatsSearchSource } from './chats.search.js';

export const chatPlugin = fp(
  async (app: FastifyInstance) => {
    app.searchService.register(chatsSearchSource(app.conversations));
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const openStreams = app.pressure.work('chat_streams');

    routes.post(
      '/chat',
      {
        schema: {
          tags: ['chat'],
          summary: 'Send a message and wait for the whole reply',
          body: chatRequestSchema,
          response: { 200: chatReplySchema },
        },
      },
      async (request, reply) =>
        app.runtime.handle({
          text: request.body.text,
          chatId: request.body.chat_id,
          actor: request.session?.user ?? 'unknown',
          signal: abortOnDisconnect(reply),
        }),
    );

    routes.post(
      '/chat/stream',
      {
        schema: {
          tags: ['chat'],
          summary:
            'Send a message; the reply streams as Server-Sent Events (progress, chunk, done, error)',
          body: chatRequestSchema,
          produces: ['text/event-stream'],
        },
      },
      async (request, reply) => {
        const stream = openSse(request, reply);
        stream.onEnd(openStreams.acquire().release);
        try {
          const result = await app.runtime.handle({
            text: request.body.text,
            chatId: request.body.chat_id,
            actor: request.session?.user ?? 'unknown',
            signal: stream.signal,
            onProgress: (event) => stream.send('progress', event),
            onChunk: (text) => stream.send('chunk', { text }),
          });
          stream.send('done', {
            final: result.reply,
            request_id: result.request_id,
            tier: result.tier,
          });
        } catch (error) {
          if (!stream.signal.aborted) {
            const known = error instanceof AppError && error.expose;
            if (!known) request.log.error({ err: error }, 'chat stream failed');
            stream.send('error', {
              error: known ? error.code : 'internal_error',
              message: known ? error.message : 'Internal server error',
            });
          }
        } finally {
          stream.close();
        }
      },
    );

    routes.get(
      '/api/chats',
      {
        schema: {
          tags: ['chat'],
          summary: 'Conversations, most recently active first',
          querystring: z.object({
            limit: z.coerce.number().int().min(1).max(500).default(100),
            origin: z
              .enum(CHAT_ORIGINS)
              .optional()
              .describe('Only the chats of this origin (operator: not a background run)'),
          }),
          response: { 200: z.object({ chats: z.array(chatSummarySchema) }) },
        },
      },
      async (request) => ({
        chats: await app.conversations.chats(request.query.limit, request.query.origin),
      }),
    );

    routes.get(
      '/api/chats/:chat_id/messages',
      {
        schema: {
          tags: ['chat'],
          summary: 'The latest messages of one conversation, oldest first',
          params: z.object({ chat_id: chatIdSchema }),
          querystring: z.object({ limit: z.coerce.number().int().min(1).max(1000).default(200) }),
          response: {
            200: z.object({
              chat_id: z.string(),
              messages: z.array(chatMessageSchema),
              requests: z
                .array(chatRequestRecordSchema)
                .describe(
                  "The requests of the messages' window, oldest first: tier, steps and confirmations, and those that failed or were stopped",
                ),
            }),
          },
        },
      },
      async (request) => {
        const { chat_id: chatId } = request.params;
        const messages = await app.conversations.messages(chatId, request.query.limit);
        const requests = await chatRequests(
          { traces: app.traces, confirmations: app.confirmations },
          chatId,
          messages,
        );
        return { chat_id: chatId, messages, requests };
      },
    );
  },
  { name: 'chat', dependencies: ['runtime', 'health', 'traces', 'confirmations', 'search'] },
);
