import { z } from 'zod';
import { defineAction, defineIntegration } from '../../integration.js';
import { at, okFalse, pageSize, pick, pickEach } from '../common.js';

const channel = z.string().min(1).describe('Conversation ID, such as C0123456789.');
const timestamp = z.string().regex(/^\d+\.\d+$/);
const cursor = z.string().optional().describe('next_cursor of the previous page.');

const messages = (body: unknown) => ({
  ...pick(body, ['ok', 'error', 'has_more', 'response_metadata.next_cursor']),
  messages: pickEach(body, ['ts', 'user', 'text', 'thread_ts', 'reply_count'], 'messages'),
});

export default defineIntegration({
  id: 'slack',
  name: 'Slack',
  category: 'chat',
  docsUrl: 'https://docs.slack.dev/reference/methods',
  apiVersion: 'Web API',
  baseUrl: 'https://slack.com/api',
  auth: { type: 'bearer', field: 'bot_token' },
  fields: [
    {
      name: 'bot_token',
      label: 'Bot token',
      secret: true,
      format: /^xox[bp]-[0-9A-Za-z-]{20,}$/,
      example: 'xoxb-1234567890-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx',
    },
  ],
  // Tier 3 methods allow 50+ calls a minute; chat.postMessage about one a second per channel.
  rateLimit: { requests: 50, perSeconds: 60 },
  // Slack answers 200 with `ok: false` on errors.
  failureIn: okFalse,
  testAction: 'auth_test',
  actions: {
    auth_test: defineAction({
      description: 'Check the token and name the bot user and workspace it belongs to.',
      risk: 'read',
      method: 'POST',
      path: '/auth.test',
      input: z.object({}),
      result: (body) => pick(body, ['ok', 'error', 'team', 'user', 'team_id', 'user_id']),
      example: { input: {}, request: 'POST /api/auth.test' },
    }),
    post_message: defineAction({
      description: 'Post a message to a channel, or reply in a thread.',
      risk: 'write',
      method: 'POST',
      path: '/chat.postMessage',
      input: z.object({
        channel,
        text: z.string().min(1).max(40_000).describe('Message text, Slack mrkdwn allowed.'),
        thread_ts: timestamp
          .optional()
          .describe('ts of the parent message to reply in its thread.'),
      }),
      body: ['channel', 'text', 'thread_ts'],
      result: (body) => pick(body, ['ok', 'error', 'channel', 'ts']),
      example: {
        input: { channel: 'C0123456789', text: 'Deploy finished.' },
        request: 'POST /api/chat.postMessage',
      },
    }),
    list_channels: defineAction({
      description: 'List the channels of the workspace (not archived ones).',
      risk: 'read',
      method: 'GET',
      path: '/conversations.list',
      input: z.object({
        types: z
          .string()
          .optional()
          .describe('Comma-separated: public_channel (default), private_channel, mpim, im.'),
        limit: pageSize(1000, 'channels'),
        cursor,
      }),
      query: (input) => ({ exclude_archived: true, ...input }),
      result: (body) => ({
        ...pick(body, ['ok', 'error', 'response_metadata.next_cursor']),
        channels: pickEach(
          body,
          ['id', 'name', 'is_private', 'num_members', 'topic.value'],
          'channels',
        ),
      }),
      example: {
        input: { limit: 100 },
        request: 'GET /api/conversations.list?exclude_archived=true&limit=100',
      },
    }),
    channel_history: defineAction({
      description: 'Read the latest messages of a channel, newest first.',
      risk: 'read',
      method: 'GET',
      path: '/conversations.history',
      input: z.object({
        channel,
        limit: pageSize(999, 'messages'),
        oldest: timestamp.optional().describe('Only messages after this Unix timestamp.'),
        cursor,
      }),
      query: ['channel', 'limit', 'oldest', 'cursor'],
      result: messages,
      example: {
        input: { channel: 'C0123456789', limit: 20 },
        request: 'GET /api/conversations.history?channel=C0123456789&limit=20',
      },
    }),
    thread_replies: defineAction({
      description: 'Read a thread: its parent message and the replies.',
      risk: 'read',
      method: 'GET',
      path: '/conversations.replies',
      input: z.object({
        channel,
        ts: timestamp.describe('ts of the thread parent message.'),
        limit: pageSize(1000, 'messages'),
        cursor,
      }),
      query: ['channel', 'ts', 'limit', 'cursor'],
      result: messages,
      example: {
        input: { channel: 'C0123456789', ts: '1712345678.000100' },
        request: 'GET /api/conversations.replies?channel=C0123456789&ts=1712345678.000100',
      },
    }),
    add_reaction: defineAction({
      description: 'Add an emoji reaction to a message.',
      risk: 'write',
      method: 'POST',
      path: '/reactions.add',
      input: z.object({
        channel,
        timestamp: timestamp.describe('ts of the message.'),
        name: z
          .string()
          .regex(/^[a-z0-9_+'-]+$/)
          .describe('Emoji name without colons, such as thumbsup.'),
      }),
      body: ['channel', 'timestamp', 'name'],
      result: (body) => pick(body, ['ok', 'error']),
      example: {
        input: { channel: 'C0123456789', timestamp: '1712345678.000100', name: 'white_check_mark' },
        request: 'POST /api/reactions.add',
      },
    }),
    user_info: defineAction({
      description: "Look up a user's name, title and time zone by ID.",
      risk: 'read',
      method: 'GET',
      path: '/users.info',
      input: z.object({ user: z.string().min(1).describe('User ID, such as U0123456789.') }),
      query: ['user'],
      result: (body) => ({
        ...pick(body, ['ok', 'error']),
        user: pick(at(body, 'user'), ['id', 'name', 'real_name', 'tz', 'profile.title', 'is_bot']),
      }),
      example: { input: { user: 'U0123456789' }, request: 'GET /api/users.info?user=U0123456789' },
    }),
  },
});
