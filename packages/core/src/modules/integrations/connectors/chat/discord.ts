import { z } from 'zod';
import { defineAction, defineIntegration } from '../../integration.js';
import { pageSize, pick, pickEach } from '../common.js';

const snowflake = z.string().regex(/^\d{17,20}$/);
const message = [
  'id',
  'content',
  'timestamp',
  'author:author.username',
  'message_reference.message_id',
];

export default defineIntegration({
  id: 'discord',
  name: 'Discord',
  category: 'chat',
  docsUrl: 'https://discord.com/developers/docs/reference',
  apiVersion: 'v10',
  baseUrl: 'https://discord.com/api/v10',
  auth: { type: 'bearer', field: 'bot_token', prefix: 'Bot' },
  fields: [
    {
      name: 'bot_token',
      label: 'Bot token',
      secret: true,
      format: /^[A-Za-z0-9_-]{24,}\.[A-Za-z0-9_-]{6,}\.[A-Za-z0-9_-]{27,}$/,
      example: 'MTIzNDU2Nzg5MDEyMzQ1Njc4OQ.GaBcDe.AbCdEfGhIjKlMnOpQrStUvWxYz0123456789ab',
    },
  ],
  // The global limit is 50 requests a second per bot; routes have lower buckets of their own.
  rateLimit: { requests: 40, perSeconds: 1 },
  testAction: 'get_current_user',
  actions: {
    get_current_user: defineAction({
      description: 'Name the bot user the token belongs to.',
      risk: 'read',
      method: 'GET',
      path: '/users/@me',
      input: z.object({}),
      result: (body) => pick(body, ['id', 'username', 'bot']),
      example: { input: {}, request: 'GET /api/v10/users/@me' },
    }),
    list_guilds: defineAction({
      description: 'List the servers (guilds) the bot is a member of.',
      risk: 'read',
      method: 'GET',
      path: '/users/@me/guilds',
      input: z.object({
        limit: pageSize(200, 'guilds'),
        after: snowflake.optional().describe('Return guilds after this guild ID.'),
      }),
      query: ['limit', 'after'],
      result: (body) => pickEach(body, ['id', 'name']),
      example: { input: { limit: 100 }, request: 'GET /api/v10/users/@me/guilds?limit=100' },
    }),
    list_channels: defineAction({
      description: 'List the channels of a server.',
      risk: 'read',
      method: 'GET',
      path: '/guilds/{guild_id}/channels',
      input: z.object({ guild_id: snowflake.describe('Server (guild) ID.') }),
      result: (body) => pickEach(body, ['id', 'name', 'type', 'topic', 'parent_id']),
      example: {
        input: { guild_id: '613425648685547541' },
        request: 'GET /api/v10/guilds/613425648685547541/channels',
      },
    }),
    list_messages: defineAction({
      description: 'Read the latest messages of a channel, newest first.',
      risk: 'read',
      method: 'GET',
      path: '/channels/{channel_id}/messages',
      input: z.object({
        channel_id: snowflake.describe('Channel ID.'),
        limit: pageSize(100, 'messages'),
        before: snowflake.optional().describe('Only messages before this message ID.'),
      }),
      query: ['limit', 'before'],
      result: (body) => pickEach(body, message),
      example: {
        input: { channel_id: '613425648685547541', limit: 50 },
        request: 'GET /api/v10/channels/613425648685547541/messages?limit=50',
      },
    }),
    send_message: defineAction({
      description: 'Send a message to a channel, optionally as a reply to a message.',
      risk: 'write',
      method: 'POST',
      path: '/channels/{channel_id}/messages',
      input: z.object({
        channel_id: snowflake.describe('Channel ID.'),
        content: z.string().min(1).max(2000).describe('Message text, Discord markdown allowed.'),
        reply_to: snowflake.optional().describe('ID of the message to reply to.'),
      }),
      body: ({ content, reply_to }) => ({
        content,
        ...(reply_to ? { message_reference: { message_id: reply_to } } : {}),
      }),
      result: (body) => pick(body, message),
      example: {
        input: { channel_id: '613425648685547541', content: 'Deploy finished.' },
        request: 'POST /api/v10/channels/613425648685547541/messages',
      },
    }),
    add_reaction: defineAction({
      description: 'React to a message with an emoji.',
      risk: 'write',
      method: 'PUT',
      path: '/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me',
      input: z.object({
        channel_id: snowflake.describe('Channel ID.'),
        message_id: snowflake.describe('Message ID.'),
        emoji: z.string().min(1).describe('A Unicode emoji, or name:id for a custom one.'),
      }),
      example: {
        input: { channel_id: '613425648685547541', message_id: '1234567890123456789', emoji: '👍' },
        request:
          'PUT /api/v10/channels/613425648685547541/messages/1234567890123456789/reactions/%F0%9F%91%8D/@me',
      },
    }),
  },
});
