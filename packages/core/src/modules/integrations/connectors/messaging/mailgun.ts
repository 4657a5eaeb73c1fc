import { z } from 'zod';
import { defineAction, defineIntegration } from '../../integration.js';
import { pickEach } from '../common.js';

const domain = z
  .string()
  .min(1)
  .describe('Sending domain, such as "mg.example.com" (list_domains)');

const listDomains = z.object({
  limit: z.number().int().min(1).max(1000).default(100).describe('Domains to return'),
});
const sendMessage = z.object({
  domain,
  from: z.string().min(3).describe('Sender, such as "Agent <agent@mg.example.com>"'),
  to: z.array(z.string().email()).min(1).max(1000).describe('Recipient addresses'),
  subject: z.string().min(1).describe('Subject'),
  text: z.string().optional().describe('Plain-text body'),
  html: z.string().optional().describe('HTML body'),
  template: z.string().optional().describe('Name of a stored template, instead of a body'),
});
type SendMessage = z.infer<typeof sendMessage>;
const listEvents = z.object({
  domain,
  event: z
    .enum(['accepted', 'delivered', 'failed', 'opened', 'clicked', 'complained', 'unsubscribed'])
    .optional()
    .describe('Only events of this type'),
  recipient: z.string().email().optional().describe('Only events for this recipient'),
  limit: z.number().int().min(1).max(300).default(50).describe('Events to return'),
});
const listBounces = z.object({
  domain,
  limit: z.number().int().min(1).max(1000).default(100).describe('Bounces to return'),
});

/**
 * Mailgun (Sinch). Basic auth with the user "api" and the private API key; US accounts use
 * api.mailgun.net, EU accounts api.eu.mailgun.net. Sending is form-encoded.
 */
export default defineIntegration({
  id: 'mailgun',
  name: 'Mailgun',
  category: 'messaging',
  docsUrl: 'https://documentation.mailgun.com/docs/mailgun/api-reference/',
  apiVersion: 'v3 (domains v4)',
  baseUrl: 'https://{api_host}',
  auth: { type: 'basic', username: 'api', passwordField: 'api_key' },
  fields: [
    {
      name: 'api_key',
      label: 'Private API key (API Security > API keys)',
      secret: true,
      format: /^(key-[0-9a-f]{32}|[0-9a-f]{32}-[0-9a-f]{8}-[0-9a-f]{8})$/,
      example: '0123456789abcdef0123456789abcdef-0a1b2c3d-4e5f6a7b',
    },
    {
      name: 'api_host',
      label: 'API host: api.mailgun.net (US) or api.eu.mailgun.net (EU)',
      secret: false,
      format: /^api(\.eu)?\.mailgun\.net$/,
      example: 'api.mailgun.net',
      default: 'api.mailgun.net',
    },
  ],
  testAction: 'list_domains',
  actions: {
    list_domains: defineAction<z.input<typeof listDomains>>({
      description: 'List the sending domains and their state.',
      risk: 'read',
      method: 'GET',
      path: '/v4/domains',
      input: listDomains,
      query: ['limit'],
      result: (body) => pickEach(body, ['name', 'state', 'type', 'created_at'], 'items'),
      example: { input: { limit: 100 }, request: 'GET /v4/domains?limit=100' },
    }),
    send_message: defineAction<SendMessage>({
      description: 'Send an email.',
      risk: 'write',
      method: 'POST',
      path: '/v3/{domain}/messages',
      input: sendMessage.refine((input) => input.text || input.html || input.template, {
        message: 'Give text, html or template',
      }),
      body: (input: SendMessage) => ({
        from: input.from,
        to: input.to.join(','),
        subject: input.subject,
        text: input.text,
        html: input.html,
        template: input.template,
      }),
      bodyType: 'form',
      example: {
        input: {
          domain: 'mg.example.com',
          from: 'Agent <agent@mg.example.com>',
          to: ['ops@example.com'],
          subject: 'Nightly report',
          text: 'All jobs succeeded.',
        },
        request: 'POST /v3/mg.example.com/messages',
      },
    }),
    list_events: defineAction<z.input<typeof listEvents>>({
      description: 'Delivery events (delivered, failed, opened, ...), newest first.',
      risk: 'read',
      method: 'GET',
      path: '/v3/{domain}/events',
      input: listEvents,
      query: (input) => ({
        event: input.event,
        recipient: input.recipient,
        limit: input.limit,
        ascending: 'no',
      }),
      result: (body) =>
        pickEach(
          body,
          [
            'event',
            'timestamp',
            'recipient',
            'message.headers.subject',
            'delivery-status.message',
            'reason',
            'severity',
          ],
          'items',
        ),
      example: {
        input: { domain: 'mg.example.com', event: 'failed', limit: 50 },
        request: 'GET /v3/mg.example.com/events?event=failed&limit=50&ascending=no',
      },
    }),
    list_bounces: defineAction<z.input<typeof listBounces>>({
      description: 'Addresses that bounced and are suppressed, with the error.',
      risk: 'read',
      method: 'GET',
      path: '/v3/{domain}/bounces',
      input: listBounces,
      query: ['limit'],
      result: (body) => pickEach(body, ['address', 'code', 'error', 'created_at'], 'items'),
      example: {
        input: { domain: 'mg.example.com', limit: 100 },
        request: 'GET /v3/mg.example.com/bounces?limit=100',
      },
    }),
  },
});
