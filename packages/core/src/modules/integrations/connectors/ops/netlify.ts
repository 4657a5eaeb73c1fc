import { z } from 'zod';
import { defineAction, defineIntegration } from '../../integration.js';
import { pick, pickEach } from '../common.js';

const siteId = z
  .string()
  .min(1)
  .describe('Site ID (a UUID) or its domain, such as "mysite.netlify.app"');
const deployFields = [
  'id',
  'state',
  'context',
  'branch',
  'title',
  'error_message',
  'created_at',
  'published_at',
  'deploy_url',
];

const listSites = z.object({
  name: z.string().optional().describe('Words in the site name'),
  per_page: z.number().int().min(1).max(100).default(20).describe('Sites per page'),
});
const site = z.object({ site_id: siteId });
const listDeploys = site.extend({
  production: z.boolean().optional().describe('Only production deploys'),
  per_page: z.number().int().min(1).max(100).default(10).describe('Deploys per page'),
});
const build = site.extend({
  clear_cache: z.boolean().optional().describe('Clear the build cache first'),
});
const restore = site.extend({
  deploy_id: z.string().min(1).describe('Deploy ID to publish again'),
});

/** Netlify sites, deploys and builds. */
export default defineIntegration({
  id: 'netlify',
  name: 'Netlify',
  category: 'ops',
  docsUrl: 'https://open-api.netlify.com/',
  apiVersion: 'v1',
  baseUrl: 'https://api.netlify.com/api/v1',
  auth: { type: 'bearer', field: 'token' },
  fields: [
    {
      name: 'token',
      label: 'Personal access token (User settings > Applications)',
      secret: true,
      format: /^(nfp_[A-Za-z0-9]{36,}|[A-Za-z0-9_-]{40,})$/,
      example: 'nfp_Ex4mpleNetlifyT0ken000000000000000000',
    },
  ],
  // 500 requests a minute (deploys have a lower limit of their own).
  rateLimit: { requests: 400, perSeconds: 60 },
  testAction: 'get_user',
  actions: {
    get_user: defineAction<Record<string, never>>({
      description: 'The user the token belongs to.',
      risk: 'read',
      method: 'GET',
      path: '/user',
      input: z.object({}),
      result: (body) => pick(body, ['id', 'full_name', 'email']),
      example: { input: {}, request: 'GET /api/v1/user' },
    }),
    list_sites: defineAction<z.input<typeof listSites>>({
      description: 'List sites with their URLs and latest published deploy.',
      risk: 'read',
      method: 'GET',
      path: '/sites',
      input: listSites,
      query: ['name', 'per_page'],
      result: (body) =>
        pickEach(body, [
          'id',
          'name',
          'url',
          'updated_at',
          'published_deploy:published_deploy.id',
          'build_settings.repo_url',
        ]),
      example: {
        input: { name: 'docs', per_page: 20 },
        request: 'GET /api/v1/sites?name=docs&per_page=20',
      },
    }),
    list_deploys: defineAction<z.input<typeof listDeploys>>({
      description: "List a site's deploys, newest first, with state and error message.",
      risk: 'read',
      method: 'GET',
      path: '/sites/{site_id}/deploys',
      input: listDeploys,
      query: ['production', 'per_page'],
      result: (body) => pickEach(body, deployFields),
      example: {
        input: { site_id: 'mysite.netlify.app', per_page: 10 },
        request: 'GET /api/v1/sites/mysite.netlify.app/deploys?per_page=10',
      },
    }),
    get_deploy: defineAction<{ deploy_id: string }>({
      description: 'One deploy: state, error message, URLs.',
      risk: 'read',
      method: 'GET',
      path: '/deploys/{deploy_id}',
      input: z.object({ deploy_id: z.string().min(1).describe('Deploy ID') }),
      result: (body) => pick(body, [...deployFields, 'site_id', 'summary']),
      example: {
        input: { deploy_id: '6543210fedcba9876543210f' },
        request: 'GET /api/v1/deploys/6543210fedcba9876543210f',
      },
    }),
    trigger_build: defineAction<z.infer<typeof build>>({
      description: 'Start a new build and deploy of a site from its repository.',
      risk: 'write',
      method: 'POST',
      path: '/sites/{site_id}/builds',
      input: build,
      query: ['clear_cache'],
      result: (body) => pick(body, ['id', 'deploy_id', 'done', 'created_at']),
      example: {
        input: { site_id: 'mysite.netlify.app', clear_cache: true },
        request: 'POST /api/v1/sites/mysite.netlify.app/builds?clear_cache=true',
      },
    }),
    restore_deploy: defineAction<z.infer<typeof restore>>({
      description: 'Publish an earlier deploy again (a rollback).',
      risk: 'write',
      method: 'POST',
      path: '/sites/{site_id}/deploys/{deploy_id}/restore',
      input: restore,
      result: (body) => pick(body, ['id', 'state', 'published_at']),
      example: {
        input: { site_id: 'mysite.netlify.app', deploy_id: '6543210fedcba9876543210f' },
        request: 'POST /api/v1/sites/mysite.netlify.app/deploys/6543210fedcba9876543210f/restore',
      },
    }),
  },
});
