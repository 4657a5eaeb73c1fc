import { z } from 'zod';
import { defineAction, defineIntegration } from '../../integration.js';
import { at, pick, pickEach } from '../common.js';

const dropletFields = [
  'id',
  'name',
  'status',
  'size_slug',
  'region:region.slug',
  'image:image.slug',
  'ipv4:networks.v4',
  'tags',
  'created_at',
];

const listDroplets = z.object({
  tag_name: z.string().optional().describe('Only droplets with this tag'),
  per_page: z.number().int().min(1).max(200).default(50).describe('Droplets per page'),
});
const droplet = z.object({ droplet_id: z.number().int().describe('Droplet ID') });
const dropletAction = droplet.extend({
  type: z
    .enum(['reboot', 'power_cycle', 'shutdown', 'power_on'])
    .describe('reboot (graceful), power_cycle (hard reset), shutdown (graceful) or power_on'),
});

/** DigitalOcean droplets, apps and billing, with a personal access token. */
export default defineIntegration({
  id: 'digitalocean',
  name: 'DigitalOcean',
  category: 'ops',
  docsUrl: 'https://docs.digitalocean.com/reference/api/digitalocean/',
  apiVersion: 'v2',
  baseUrl: 'https://api.digitalocean.com/v2',
  auth: { type: 'bearer', field: 'token' },
  fields: [
    {
      name: 'token',
      label: 'Personal access token (API > Tokens)',
      secret: true,
      format: /^do[opr]_v1_[0-9a-f]{64}$/,
      example: 'dop_v1_0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
    },
  ],
  // 5,000 requests an hour and 250 a minute.
  rateLimit: { requests: 200, perSeconds: 60 },
  testAction: 'get_account',
  actions: {
    get_account: defineAction<Record<string, never>>({
      description: 'The account: email, status and droplet limit.',
      risk: 'read',
      method: 'GET',
      path: '/account',
      input: z.object({}),
      result: (body) =>
        pick(body, [
          'account.email',
          'account.status',
          'account.droplet_limit',
          'account.team.name',
        ]),
      example: { input: {}, request: 'GET /v2/account' },
    }),
    get_balance: defineAction<Record<string, never>>({
      description: 'Balance and usage so far this month.',
      risk: 'read',
      method: 'GET',
      path: '/customers/my/balance',
      input: z.object({}),
      example: { input: {}, request: 'GET /v2/customers/my/balance' },
    }),
    list_droplets: defineAction<z.input<typeof listDroplets>>({
      description: 'List droplets (virtual machines) with status, size and addresses.',
      risk: 'read',
      method: 'GET',
      path: '/droplets',
      input: listDroplets,
      query: ['tag_name', 'per_page'],
      result: (body) => pickEach(body, dropletFields, 'droplets'),
      example: {
        input: { tag_name: 'web', per_page: 50 },
        request: 'GET /v2/droplets?tag_name=web&per_page=50',
      },
    }),
    get_droplet: defineAction<z.infer<typeof droplet>>({
      description: 'One droplet.',
      risk: 'read',
      method: 'GET',
      path: '/droplets/{droplet_id}',
      input: droplet,
      result: (body) => pick(at(body, 'droplet'), dropletFields),
      example: { input: { droplet_id: 3164444 }, request: 'GET /v2/droplets/3164444' },
    }),
    droplet_power: defineAction<z.infer<typeof dropletAction>>({
      description: 'Reboot, power-cycle, shut down or power on a droplet.',
      risk: 'write',
      method: 'POST',
      path: '/droplets/{droplet_id}/actions',
      input: dropletAction,
      body: ['type'],
      result: (body) => pick(body, ['action.id', 'action.status', 'action.type']),
      example: {
        input: { droplet_id: 3164444, type: 'reboot' },
        request: 'POST /v2/droplets/3164444/actions',
      },
    }),
    list_apps: defineAction<Record<string, never>>({
      description: 'List App Platform apps with their live URL and latest deployment phase.',
      risk: 'read',
      method: 'GET',
      path: '/apps',
      input: z.object({}),
      result: (body) =>
        pickEach(
          body,
          [
            'id',
            'spec.name',
            'live_url',
            'active_phase:active_deployment.phase',
            'in_progress_phase:in_progress_deployment.phase',
            'updated_at',
          ],
          'apps',
        ),
      example: { input: {}, request: 'GET /v2/apps' },
    }),
  },
});
