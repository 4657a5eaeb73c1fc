import { z } from 'zod';
import { defineAction, defineIntegration } from '../../integration.js';
import { at, list, pickEach } from '../common.js';

const email = z.string().email();
const sendEmail = z.object({
  to: z.array(email).min(1).max(1000).describe('Recipient addresses'),
  from: email.describe('Sender address, on a verified sender or authenticated domain'),
  from_name: z.string().optional().describe('Sender display name'),
  reply_to: email.optional().describe('Reply-To address'),
  subject: z.string().min(1).optional().describe('Subject (not needed with a dynamic template)'),
  text: z.string().optional().describe('Plain-text body'),
  html: z.string().optional().describe('HTML body'),
  template_id: z.string().optional().describe('Dynamic template ID ("d-..."), instead of a body'),
  template_data: z
    .record(z.string(), z.unknown())
    .optional()
    .describe('Values for the dynamic template'),
});
type SendEmail = z.infer<typeof sendEmail>;

function mailBody(input: SendEmail) {
  const content = [
    input.text === undefined ? undefined : { type: 'text/plain', value: input.text },
    input.html === undefined ? undefined : { type: 'text/html', value: input.html },
  ].filter(Boolean);
  return {
    personalizations: [
      {
        to: input.to.map((address) => ({ email: address })),
        dynamic_template_data: input.template_data,
      },
    ],
    from: { email: input.from, name: input.from_name },
    reply_to: input.reply_to ? { email: input.reply_to } : undefined,
    subject: input.subject,
    content: content.length > 0 ? content : undefined,
    template_id: input.template_id,
  };
}

const listBounces = z.object({
  start_time: z.number().int().optional().describe('Only bounces since, Unix seconds'),
  limit: z.number().int().min(1).max(500).default(50).describe('Bounces to return'),
});
const stats = z.object({
  start_date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .describe('First day, YYYY-MM-DD'),
  end_date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional()
    .describe('Last day, YYYY-MM-DD'),
  aggregated_by: z.enum(['day', 'week', 'month']).default('day').describe('Grouping'),
});
const templates = z.object({
  page_size: z.number().int().min(1).max(200).default(50).describe('Templates to return'),
});

/** Twilio SendGrid email (v3). EU regional subusers set the host to api.eu.sendgrid.com. */
export default defineIntegration({
  id: 'sendgrid',
  name: 'SendGrid',
  category: 'messaging',
  docsUrl: 'https://www.twilio.com/docs/sendgrid/api-reference',
  apiVersion: 'v3',
  baseUrl: 'https://{api_host}',
  auth: { type: 'bearer', field: 'api_key' },
  fields: [
    {
      name: 'api_key',
      label: 'API key (Settings > API Keys)',
      secret: true,
      format: /^SG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/,
      example: 'SG.Ex4mpleKeyId0000000000.Ex4mpleSecret000000000000000000000000000000',
    },
    {
      name: 'api_host',
      label: 'API host: api.sendgrid.com, or api.eu.sendgrid.com for EU subusers',
      secret: false,
      format: /^api(\.eu)?\.sendgrid\.com$/,
      example: 'api.sendgrid.com',
      default: 'api.sendgrid.com',
    },
  ],
  testAction: 'get_scopes',
  actions: {
    get_scopes: defineAction<Record<string, never>>({
      description: 'The permissions (scopes) of the API key.',
      risk: 'read',
      method: 'GET',
      path: '/v3/scopes',
      input: z.object({}),
      example: { input: {}, request: 'GET /v3/scopes' },
    }),
    send_email: defineAction<SendEmail>({
      description: 'Send an email, with a text/HTML body or a dynamic template.',
      risk: 'write',
      method: 'POST',
      path: '/v3/mail/send',
      input: sendEmail.refine((input) => input.template_id || input.text || input.html, {
        message: 'Give text, html or template_id',
      }),
      body: mailBody,
      example: {
        input: {
          to: ['ops@example.com'],
          from: 'agent@example.com',
          subject: 'Nightly report',
          text: 'All jobs succeeded.',
        },
        request: 'POST /v3/mail/send',
      },
    }),
    list_bounces: defineAction<z.input<typeof listBounces>>({
      description: 'Addresses that bounced, with the reason.',
      risk: 'read',
      method: 'GET',
      path: '/v3/suppression/bounces',
      input: listBounces,
      query: ['start_time', 'limit'],
      result: (body) => pickEach(body, ['email', 'reason', 'status', 'created']),
      example: {
        input: { start_time: 1767225600, limit: 50 },
        request: 'GET /v3/suppression/bounces?start_time=1767225600&limit=50',
      },
    }),
    get_stats: defineAction<z.input<typeof stats>>({
      description: 'Delivery statistics (requests, delivered, bounces, opens, clicks) by day.',
      risk: 'read',
      method: 'GET',
      path: '/v3/stats',
      input: stats,
      query: ['start_date', 'end_date', 'aggregated_by'],
      result: (body) =>
        list(body).map((day) => ({
          date: at(day, 'date'),
          metrics: at(list(day, 'stats')[0], 'metrics'),
        })),
      example: {
        input: { start_date: '2026-01-01', end_date: '2026-01-07', aggregated_by: 'day' },
        request: 'GET /v3/stats?start_date=2026-01-01&end_date=2026-01-07&aggregated_by=day',
      },
    }),
    list_templates: defineAction<z.input<typeof templates>>({
      description: 'List dynamic templates with their IDs.',
      risk: 'read',
      method: 'GET',
      path: '/v3/templates',
      input: templates,
      query: (input) => ({ generations: 'dynamic', page_size: input.page_size }),
      result: (body) => pickEach(body, ['id', 'name', 'updated_at'], 'result'),
      example: {
        input: { page_size: 50 },
        request: 'GET /v3/templates?generations=dynamic&page_size=50',
      },
    }),
  },
});
