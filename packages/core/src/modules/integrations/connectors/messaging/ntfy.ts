import { z } from 'zod';
import { defineAction, defineIntegration } from '../../integration.js';
import { pick } from '../common.js';

const topic = z
  .string()
  .regex(/^[-_A-Za-z0-9]{1,64}$/)
  .describe('Topic name (letters, digits, - and _; up to 64)');
const publish = z.object({
  topic,
  message: z.string().min(1).max(4096).describe('Message text'),
  title: z.string().optional().describe('Title'),
  tags: z
    .array(z.string())
    .optional()
    .describe('Tags; emoji short codes show as icons ("warning")'),
  priority: z.number().int().min(1).max(5).optional().describe('1 (min) to 5 (urgent), default 3'),
  click: z.string().url().optional().describe('URL opened when the notification is tapped'),
  markdown: z.boolean().optional().describe('Render the message as Markdown'),
});
const poll = z.object({
  topic,
  since: z
    .string()
    .default('1h')
    .describe('Messages since a duration ("10m", "1h"), a Unix time, a message ID or "all"'),
});

/** A cached message of the `/json` stream; other events (open, keepalive) are dropped. */
const cachedMessage = z.object({
  id: z.string(),
  time: z.number(),
  event: z.literal('message'),
  title: z.string().optional(),
  message: z.string().optional(),
  tags: z.array(z.string()).optional(),
  priority: z.number().optional(),
});

/** ntfy answers a poll with one JSON object per line (NDJSON), which arrives here as text. */
function messagesOf(body: unknown) {
  const lines = typeof body === 'string' ? body.split('\n') : [];
  return lines.flatMap((line) => {
    if (!line.trim()) return [];
    try {
      const parsed = cachedMessage.safeParse(JSON.parse(line));
      return parsed.success ? [parsed.data] : [];
    } catch {
      return [];
    }
  });
}

/**
 * ntfy push notifications, on ntfy.sh or a self-hosted server (set the base URL). The access
 * token is optional: public topics need none.
 */
export default defineIntegration({
  id: 'ntfy',
  name: 'ntfy',
  category: 'messaging',
  docsUrl: 'https://docs.ntfy.sh/publish/',
  apiVersion: 'v1 (ntfy 2.x)',
  baseUrl: 'https://ntfy.sh',
  baseUrlOverride: 'optional',
  auth: { type: 'bearer', field: 'access_token' },
  fields: [
    {
      name: 'access_token',
      label: 'Access token (Account > Access tokens); leave empty for public topics',
      secret: true,
      optional: true,
      format: /^tk_[A-Za-z0-9]{29}$/,
      example: 'tk_ex4mplentfyt0ken0000000000000',
    },
  ],
  testAction: 'get_account',
  actions: {
    get_account: defineAction<Record<string, never>>({
      description: 'The account the token belongs to (or the anonymous user), limits and usage.',
      risk: 'read',
      method: 'GET',
      path: '/v1/account',
      input: z.object({}),
      result: (body) => pick(body, ['username', 'role', 'tier.name', 'limits', 'stats']),
      example: { input: {}, request: 'GET /v1/account' },
    }),
    publish: defineAction<z.infer<typeof publish>>({
      description: 'Send a push notification to a topic.',
      risk: 'write',
      method: 'POST',
      path: '/',
      input: publish,
      body: ['topic', 'message', 'title', 'tags', 'priority', 'click', 'markdown'],
      result: (body) => pick(body, ['id', 'time', 'topic']),
      example: {
        input: { topic: 'homelab-alerts', message: 'Backup finished', tags: ['floppy_disk'] },
        request: 'POST /',
      },
    }),
    poll_messages: defineAction<z.input<typeof poll>>({
      description: 'Read the cached messages of a topic since a time.',
      risk: 'read',
      method: 'GET',
      path: '/{topic}/json',
      input: poll,
      query: (input) => ({ poll: 1, since: input.since }),
      result: messagesOf,
      example: {
        input: { topic: 'homelab-alerts', since: '10m' },
        request: 'GET /homelab-alerts/json?poll=1&since=10m',
      },
    }),
  },
});
