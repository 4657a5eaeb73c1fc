import { z } from 'zod';
import { defineAction, defineIntegration } from '../../integration.js';
import { pick } from '../common.js';

const sendMessage = z.object({
  message: z.string().min(1).max(1024).describe('Message text (max 1,024 characters)'),
  title: z.string().max(250).optional().describe("Title (default: the application's name)"),
  priority: z
    .number()
    .int()
    .min(-2)
    .max(2)
    .optional()
    .describe('-2 silent, -1 quiet, 0 normal, 1 high, 2 emergency (repeats until acknowledged)'),
  retry: z.number().int().min(30).optional().describe('Emergency only: seconds between repeats'),
  expire: z.number().int().max(10800).optional().describe('Emergency only: stop repeating after'),
  url: z.string().url().max(512).optional().describe('A link shown with the message'),
  url_title: z.string().max(100).optional().describe('Title of the link'),
  sound: z.string().optional().describe('Notification sound, such as "siren"'),
  device: z.string().optional().describe('Only this device of the user'),
  html: z.literal(1).optional().describe('1 to allow simple HTML in the message'),
});
const receipt = z.object({
  receipt: z
    .string()
    .regex(/^[A-Za-z0-9]{30}$/)
    .describe('Receipt of an emergency message'),
});

/**
 * Pushover notifications. The application token and the user (or group) key both travel in
 * the form body of every call, as Pushover requires; every action is therefore a POST.
 */
export default defineIntegration({
  id: 'pushover',
  name: 'Pushover',
  category: 'messaging',
  docsUrl: 'https://pushover.net/api',
  apiVersion: '1',
  baseUrl: 'https://api.pushover.net/1',
  auth: {
    type: 'api_key',
    placements: [
      { in: 'body', name: 'token', field: 'app_token' },
      { in: 'body', name: 'user', field: 'user_key' },
    ],
  },
  fields: [
    {
      name: 'app_token',
      label: 'Application API token (Your Applications > Create an Application)',
      secret: true,
      format: /^[A-Za-z0-9]{30}$/,
      example: 'aEx4mpleAppT0ken00000000000000',
    },
    {
      name: 'user_key',
      label: 'User key (dashboard) or group key',
      secret: true,
      format: /^[A-Za-z0-9]{30}$/,
      example: 'uEx4mpleUserKey000000000000000',
    },
  ],
  testAction: 'validate_user',
  actions: {
    validate_user: defineAction<Record<string, never>>({
      description: 'Check that the user key is valid and list its devices.',
      risk: 'read',
      method: 'POST',
      path: '/users/validate.json',
      input: z.object({}),
      bodyType: 'form',
      result: (body) => pick(body, ['status', 'devices', 'errors']),
      example: { input: {}, request: 'POST /1/users/validate.json' },
    }),
    send_message: defineAction<z.infer<typeof sendMessage>>({
      description: "Send a notification to the user's devices.",
      risk: 'write',
      method: 'POST',
      path: '/messages.json',
      input: sendMessage.refine(
        (input) =>
          input.priority !== 2 || (input.retry !== undefined && input.expire !== undefined),
        { message: 'Emergency priority needs retry and expire' },
      ),
      body: [
        'message',
        'title',
        'priority',
        'retry',
        'expire',
        'url',
        'url_title',
        'sound',
        'device',
        'html',
      ],
      bodyType: 'form',
      result: (body) => pick(body, ['status', 'request', 'receipt', 'errors']),
      example: {
        input: { message: 'Backup finished', title: 'Homelab', priority: 0 },
        request: 'POST /1/messages.json',
      },
    }),
    cancel_emergency: defineAction<z.infer<typeof receipt>>({
      description: 'Stop the repeats of an emergency-priority message.',
      risk: 'write',
      method: 'POST',
      path: '/receipts/{receipt}/cancel.json',
      input: receipt,
      bodyType: 'form',
      result: (body) => pick(body, ['status', 'errors']),
      example: {
        input: { receipt: 'rEx4mpleReceipt000000000000000' },
        request: 'POST /1/receipts/rEx4mpleReceipt000000000000000/cancel.json',
      },
    }),
  },
});
