import { z } from 'zod';
import { defineAction, defineIntegration } from '../../integration.js';
import { at, list, pick } from '../common.js';

const chatId = z
  .union([z.number().int(), z.string().regex(/^@[A-Za-z0-9_]{5,32}$/)])
  .describe('Chat ID (negative for groups) or @channelusername.');
const EXAMPLE_TOKEN = '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw0';
/** The examples' path: the token is one encoded segment (the Bot API server URL-decodes paths). */
const BOT = `/bot${encodeURIComponent(EXAMPLE_TOKEN)}`;
const message = ['message_id', 'date', 'text', 'caption', 'chat_id:chat.id', 'from:from.username'];

export default defineIntegration({
  id: 'telegram',
  name: 'Telegram',
  category: 'chat',
  docsUrl: 'https://core.telegram.org/bots/api',
  apiVersion: 'Bot API 9.2',
  // The Bot API takes the token as a path segment: https://api.telegram.org/bot<token>/METHOD_NAME
  baseUrl: 'https://api.telegram.org/bot{token}',
  auth: { type: 'api_key', placements: [{ in: 'path', field: 'token' }] },
  fields: [
    {
      name: 'token',
      label: 'Bot token',
      secret: true,
      format: /^\d{6,12}:[A-Za-z0-9_-]{35}$/,
      example: EXAMPLE_TOKEN,
    },
  ],
  // About 30 messages a second in all, and one a second to the same chat.
  rateLimit: { requests: 25, perSeconds: 1 },
  testAction: 'get_me',
  actions: {
    get_me: defineAction({
      description: 'Name the bot the token belongs to.',
      risk: 'read',
      method: 'GET',
      path: '/getMe',
      input: z.object({}),
      result: (body) => pick(body, ['ok', 'description', 'result.id', 'result.username']),
      example: { input: {}, request: `GET ${BOT}/getMe` },
    }),
    send_message: defineAction({
      description: 'Send a text message to a chat, optionally as a reply.',
      risk: 'write',
      method: 'POST',
      path: '/sendMessage',
      input: z.object({
        chat_id: chatId,
        text: z.string().min(1).max(4096).describe('Message text.'),
        parse_mode: z
          .enum(['MarkdownV2', 'HTML'])
          .optional()
          .describe('How to read formatting in the text; plain text when absent.'),
        reply_to_message_id: z.number().int().optional().describe('ID of the message to reply to.'),
      }),
      body: ({ reply_to_message_id, ...message }) => ({
        ...message,
        ...(reply_to_message_id ? { reply_parameters: { message_id: reply_to_message_id } } : {}),
      }),
      result: (body) => ({
        ...pick(body, ['ok', 'description']),
        ...pick(at(body, 'result'), message),
      }),
      example: {
        input: { chat_id: -1001234567890, text: 'Deploy finished.' },
        request: `POST ${BOT}/sendMessage`,
      },
    }),
    send_photo: defineAction({
      description: 'Send a photo by its public URL, with an optional caption.',
      risk: 'write',
      method: 'POST',
      path: '/sendPhoto',
      input: z.object({
        chat_id: chatId,
        photo: z.url().describe('HTTPS URL of the photo; Telegram downloads it.'),
        caption: z.string().max(1024).optional().describe('Caption under the photo.'),
      }),
      body: ['chat_id', 'photo', 'caption'],
      result: (body) => ({
        ...pick(body, ['ok', 'description']),
        ...pick(at(body, 'result'), message),
      }),
      example: {
        input: { chat_id: -1001234567890, photo: 'https://example.com/chart.png' },
        request: `POST ${BOT}/sendPhoto`,
      },
    }),
    get_chat: defineAction({
      description: 'Look up a chat: its type, title and description.',
      risk: 'read',
      method: 'GET',
      path: '/getChat',
      input: z.object({ chat_id: chatId }),
      query: ['chat_id'],
      result: (body) => ({
        ...pick(body, ['ok', 'description']),
        ...pick(at(body, 'result'), ['id', 'type', 'title', 'username', 'description']),
      }),
      example: {
        input: { chat_id: -1001234567890 },
        request: `GET ${BOT}/getChat?chat_id=-1001234567890`,
      },
    }),
    get_updates: defineAction({
      description:
        'Read messages sent to the bot. Only works when no webhook is set and nothing else polls this bot.',
      risk: 'read',
      method: 'GET',
      path: '/getUpdates',
      input: z.object({
        offset: z
          .number()
          .int()
          .optional()
          .describe('One more than the last update_id seen; confirms the earlier ones.'),
        limit: z.number().int().min(1).max(100).optional().describe('How many updates (1-100).'),
      }),
      query: ['offset', 'limit'],
      result: (body) => ({
        ...pick(body, ['ok', 'description']),
        updates: list(body, 'result').map((update) => ({
          ...pick(update, ['update_id']),
          ...pick(at(update, 'message') ?? at(update, 'channel_post'), message),
        })),
      }),
      example: { input: { limit: 20 }, request: `GET ${BOT}/getUpdates?limit=20` },
    }),
  },
});
