import { z } from 'zod';
import { defineAction, defineIntegration } from '../../integration.js';
import { pick, pickEach } from '../common.js';

const messageFields = ['id', 'appid', 'title', 'message', 'priority', 'date'];

const sendMessage = z.object({
  appid: z.number().int().describe('Application ID to send as (list_applications shows them)'),
  message: z.string().min(1).describe('Message text (Markdown if extras say so)'),
  title: z.string().optional().describe("Title (default: the application's name)"),
  priority: z.number().int().min(0).max(10).optional().describe('0-10; 8 and up rings on Android'),
});
const listMessages = z.object({
  limit: z.number().int().min(1).max(200).default(50).describe('Messages to return (max 200)'),
  since: z.number().int().min(0).optional().describe('Only messages older than this message ID'),
});
const message = z.object({ id: z.number().int().describe('Message ID') });

/**
 * Gotify (self-hosted push server). One client token does everything here; sending with a
 * client token and an `appid` needs Gotify 3.0 or later (older servers accept only an
 * application token for sending, and such a token cannot read).
 */
export default defineIntegration({
  id: 'gotify',
  name: 'Gotify',
  category: 'messaging',
  docsUrl: 'https://gotify.net/api-docs',
  apiVersion: '3.0',
  baseUrl: 'https://gotify.local',
  baseUrlOverride: 'required',
  auth: {
    type: 'api_key',
    placements: [{ in: 'header', name: 'X-Gotify-Key', field: 'client_token' }],
  },
  fields: [
    {
      name: 'client_token',
      label: 'Client token (Clients > Create client)',
      secret: true,
      format: /^[A-Za-z0-9._-]{15,}$/,
      example: 'CEx4mpleT0ken00',
    },
  ],
  testAction: 'get_current_user',
  actions: {
    get_current_user: defineAction<Record<string, never>>({
      description: 'The user the token belongs to.',
      risk: 'read',
      method: 'GET',
      path: '/current/user',
      input: z.object({}),
      example: { input: {}, request: 'GET /current/user' },
    }),
    list_applications: defineAction<Record<string, never>>({
      description: 'The applications messages can be sent as, with their IDs.',
      risk: 'read',
      method: 'GET',
      path: '/application',
      input: z.object({}),
      result: (body) => pickEach(body, ['id', 'name', 'description', 'defaultPriority']),
      example: { input: {}, request: 'GET /application' },
    }),
    send_message: defineAction<z.infer<typeof sendMessage>>({
      description: 'Push a message to every client of the user.',
      risk: 'write',
      method: 'POST',
      path: '/message',
      input: sendMessage,
      body: ['appid', 'message', 'title', 'priority'],
      result: (body) => pick(body, messageFields),
      example: {
        input: { appid: 3, title: 'Backups', message: 'Nightly backup finished', priority: 5 },
        request: 'POST /message',
      },
    }),
    list_messages: defineAction<z.input<typeof listMessages>>({
      description: 'The latest messages of all applications, newest first.',
      risk: 'read',
      method: 'GET',
      path: '/message',
      input: listMessages,
      query: ['limit', 'since'],
      result: (body) => ({
        messages: pickEach(body, messageFields, 'messages'),
        ...pick(body, ['paging.since']),
      }),
      example: { input: { limit: 50 }, request: 'GET /message?limit=50' },
    }),
    delete_message: defineAction<z.infer<typeof message>>({
      description: 'Delete a message.',
      risk: 'destructive',
      method: 'DELETE',
      path: '/message/{id}',
      input: message,
      example: { input: { id: 25 }, request: 'DELETE /message/25' },
    }),
  },
});
