import { z } from 'zod';
import { defineAction, defineIntegration } from '../../integration.js';
import { pick, pickEach } from '../common.js';

const phone = (what: string) =>
  z
    .string()
    .regex(/^\+[1-9]\d{6,14}$/)
    .describe(`${what}, in E.164 form such as "+15558675310"`);
const messageFields = [
  'sid',
  'from',
  'to',
  'body',
  'status',
  'direction',
  'date_sent',
  'error_code',
  'error_message',
  'price',
];

const sendSms = z.object({
  To: phone('Recipient'),
  From: phone('One of your Twilio numbers').optional(),
  MessagingServiceSid: z
    .string()
    .regex(/^MG[0-9a-f]{32}$/)
    .optional()
    .describe('Messaging Service SID, instead of From'),
  Body: z.string().min(1).max(1600).describe('Message text (max 1,600 characters)'),
});
const listMessages = z.object({
  To: phone('Only messages to this number').optional(),
  From: phone('Only messages from this number').optional(),
  PageSize: z.number().int().min(1).max(1000).default(20).describe('Messages to return'),
});
const message = z.object({
  sid: z
    .string()
    .regex(/^(SM|MM)[0-9a-f]{32}$/)
    .describe('Message SID ("SM...")'),
});
const call = z.object({
  To: phone('Number to call'),
  From: phone('One of your Twilio voice numbers'),
  Twiml: z
    .string()
    .min(1)
    .max(4000)
    .describe(
      'TwiML to run on answer, such as "<Response><Say>Disk full on db-1</Say></Response>"',
    ),
});

/**
 * Twilio Programmable Messaging and Voice (2010-04-01 API). The account SID is both the Basic
 * user and part of every path; bodies are form-encoded, as Twilio requires.
 */
export default defineIntegration({
  id: 'twilio',
  name: 'Twilio',
  category: 'messaging',
  docsUrl: 'https://www.twilio.com/docs/usage/api',
  apiVersion: '2010-04-01',
  baseUrl: 'https://api.twilio.com/2010-04-01/Accounts/{account_sid}',
  auth: { type: 'basic', usernameField: 'account_sid', passwordField: 'auth_token' },
  fields: [
    {
      name: 'account_sid',
      label: 'Account SID (Console > Account info)',
      secret: false,
      format: /^AC[0-9a-f]{32}$/,
      example: 'AC0123456789abcdef0123456789abcdef',
    },
    {
      name: 'auth_token',
      label: 'Auth token (Console > Account info)',
      secret: true,
      format: /^[0-9a-f]{32}$/,
      example: 'fedcba9876543210fedcba9876543210',
    },
  ],
  testAction: 'get_balance',
  actions: {
    get_balance: defineAction<Record<string, never>>({
      description: 'The account balance and its currency.',
      risk: 'read',
      method: 'GET',
      path: '/Balance.json',
      input: z.object({}),
      example: {
        input: {},
        request: 'GET /2010-04-01/Accounts/AC0123456789abcdef0123456789abcdef/Balance.json',
      },
    }),
    send_sms: defineAction<z.infer<typeof sendSms>>({
      description: 'Send an SMS (it costs money per segment).',
      risk: 'write',
      method: 'POST',
      path: '/Messages.json',
      input: sendSms.refine((input) => Boolean(input.From) !== Boolean(input.MessagingServiceSid), {
        message: 'Give either From or MessagingServiceSid',
      }),
      body: ['To', 'From', 'MessagingServiceSid', 'Body'],
      bodyType: 'form',
      result: (body) => pick(body, messageFields),
      example: {
        input: { To: '+15558675310', From: '+15017122661', Body: 'Backups finished.' },
        request: 'POST /2010-04-01/Accounts/AC0123456789abcdef0123456789abcdef/Messages.json',
      },
    }),
    list_messages: defineAction<z.input<typeof listMessages>>({
      description: 'List sent and received messages, newest first.',
      risk: 'read',
      method: 'GET',
      path: '/Messages.json',
      input: listMessages,
      query: ['To', 'From', 'PageSize'],
      result: (body) => pickEach(body, messageFields, 'messages'),
      example: {
        input: { To: '+15558675310', PageSize: 20 },
        request:
          'GET /2010-04-01/Accounts/AC0123456789abcdef0123456789abcdef/Messages.json?To=%2B15558675310&PageSize=20',
      },
    }),
    get_message: defineAction<z.infer<typeof message>>({
      description: 'One message, with its delivery status and any error.',
      risk: 'read',
      method: 'GET',
      path: '/Messages/{sid}.json',
      input: message,
      result: (body) => pick(body, messageFields),
      example: {
        input: { sid: 'SM0123456789abcdef0123456789abcdef' },
        request:
          'GET /2010-04-01/Accounts/AC0123456789abcdef0123456789abcdef/Messages/SM0123456789abcdef0123456789abcdef.json',
      },
    }),
    make_call: defineAction<z.infer<typeof call>>({
      description: 'Place a phone call that runs the given TwiML (such as a spoken alert).',
      risk: 'write',
      method: 'POST',
      path: '/Calls.json',
      input: call,
      body: ['To', 'From', 'Twiml'],
      bodyType: 'form',
      result: (body) => pick(body, ['sid', 'status', 'to', 'from']),
      example: {
        input: {
          To: '+15558675310',
          From: '+15017122661',
          Twiml: '<Response><Say>Disk full on db-1</Say></Response>',
        },
        request: 'POST /2010-04-01/Accounts/AC0123456789abcdef0123456789abcdef/Calls.json',
      },
    }),
  },
});
