import { z } from 'zod';
import { defineAction, defineIntegration } from '../../integration.js';
import { pick, pickEach } from '../common.js';

const recipients = z.string().min(3).describe('Recipient address(es), comma-separated (max 50)');
const sendEmail = z.object({
  From: z.string().min(3).describe('Sender on a confirmed sender signature or domain'),
  To: recipients,
  Subject: z.string().min(1).describe('Subject'),
  TextBody: z.string().optional().describe('Plain-text body'),
  HtmlBody: z.string().optional().describe('HTML body'),
  Tag: z.string().max(1000).optional().describe('Tag for statistics'),
  MessageStream: z.string().default('outbound').describe('Message stream (default outbound)'),
});
const sendTemplate = z.object({
  From: z.string().min(3).describe('Sender on a confirmed sender signature or domain'),
  To: recipients,
  TemplateAlias: z.string().min(1).describe('Alias of the template, such as "welcome"'),
  TemplateModel: z.record(z.string(), z.unknown()).describe('Values for the template'),
  MessageStream: z.string().default('outbound').describe('Message stream (default outbound)'),
});
const listMessages = z.object({
  recipient: z.string().optional().describe('Only messages to this address'),
  status: z.enum(['queued', 'sent', 'processed']).optional().describe('Only this status'),
  count: z.number().int().min(1).max(500).default(50).describe('Messages to return'),
  offset: z.number().int().min(0).default(0).describe('Messages to skip'),
});
const listBounces = z.object({
  type: z.string().optional().describe('Only this bounce type, such as "HardBounce"'),
  count: z.number().int().min(1).max(500).default(50).describe('Bounces to return'),
  offset: z.number().int().min(0).default(0).describe('Bounces to skip'),
});

/** Postmark transactional email, with one server's API token. */
export default defineIntegration({
  id: 'postmark',
  name: 'Postmark',
  category: 'messaging',
  docsUrl: 'https://postmarkapp.com/developer/api/overview',
  apiVersion: 'REST (2026)',
  baseUrl: 'https://api.postmarkapp.com',
  auth: {
    type: 'api_key',
    placements: [{ in: 'header', name: 'X-Postmark-Server-Token', field: 'server_token' }],
  },
  fields: [
    {
      name: 'server_token',
      label: 'Server API token (Servers > API Tokens)',
      secret: true,
      format: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
      example: '00000000-0000-4000-8000-0123456789ab',
    },
  ],
  testAction: 'get_server',
  actions: {
    get_server: defineAction<Record<string, never>>({
      description: 'The server the token belongs to.',
      risk: 'read',
      method: 'GET',
      path: '/server',
      input: z.object({}),
      result: (body) => pick(body, ['ID', 'Name', 'DeliveryType', 'ServerLink']),
      example: { input: {}, request: 'GET /server' },
    }),
    send_email: defineAction<z.input<typeof sendEmail>>({
      description: 'Send an email.',
      risk: 'write',
      method: 'POST',
      path: '/email',
      input: sendEmail.refine((input) => input.TextBody || input.HtmlBody, {
        message: 'Give TextBody or HtmlBody',
      }),
      body: ['From', 'To', 'Subject', 'TextBody', 'HtmlBody', 'Tag', 'MessageStream'],
      example: {
        input: {
          From: 'agent@example.com',
          To: 'ops@example.com',
          Subject: 'Nightly report',
          TextBody: 'All jobs succeeded.',
        },
        request: 'POST /email',
      },
    }),
    send_template_email: defineAction<z.input<typeof sendTemplate>>({
      description: 'Send an email from a stored template.',
      risk: 'write',
      method: 'POST',
      path: '/email/withTemplate',
      input: sendTemplate,
      body: ['From', 'To', 'TemplateAlias', 'TemplateModel', 'MessageStream'],
      example: {
        input: {
          From: 'agent@example.com',
          To: 'new.user@example.com',
          TemplateAlias: 'welcome',
          TemplateModel: { name: 'Ada' },
        },
        request: 'POST /email/withTemplate',
      },
    }),
    list_outbound_messages: defineAction<z.input<typeof listMessages>>({
      description: 'Search sent messages, newest first, with their status.',
      risk: 'read',
      method: 'GET',
      path: '/messages/outbound',
      input: listMessages,
      query: ['recipient', 'status', 'count', 'offset'],
      result: (body) =>
        pickEach(body, ['MessageID', 'To', 'Subject', 'Status', 'ReceivedAt', 'Tag'], 'Messages'),
      example: {
        input: { recipient: 'ops@example.com', count: 50, offset: 0 },
        request: 'GET /messages/outbound?recipient=ops%40example.com&count=50&offset=0',
      },
    }),
    list_bounces: defineAction<z.input<typeof listBounces>>({
      description: 'Bounced messages with type and description.',
      risk: 'read',
      method: 'GET',
      path: '/bounces',
      input: listBounces,
      query: ['type', 'count', 'offset'],
      result: (body) =>
        pickEach(body, ['ID', 'Type', 'Email', 'BouncedAt', 'Description', 'Inactive'], 'Bounces'),
      example: {
        input: { type: 'HardBounce', count: 50, offset: 0 },
        request: 'GET /bounces?type=HardBounce&count=50&offset=0',
      },
    }),
  },
});
