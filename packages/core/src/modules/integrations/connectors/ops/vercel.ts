import { z } from 'zod';
import { defineAction, defineIntegration } from '../../integration.js';
import { at, list, pick, pickEach } from '../common.js';

const teamId = z
  .string()
  .optional()
  .describe('Team ID ("team_..."), for projects owned by a team rather than the token owner');
const deploymentFields = [
  'uid',
  'name',
  'url',
  'state',
  'target',
  'created',
  'meta.githubCommitMessage',
];

const listProjects = z.object({
  search: z.string().optional().describe('Words in the project name'),
  limit: z.number().int().min(1).max(100).default(20).describe('Projects to return'),
  teamId,
});
const listDeployments = z.object({
  projectId: z.string().optional().describe('Only this project (ID or name)'),
  target: z.enum(['production', 'preview']).optional().describe('Only this environment'),
  state: z
    .string()
    .optional()
    .describe('Comma-separated states: BUILDING, ERROR, INITIALIZING, QUEUED, READY, CANCELED'),
  limit: z.number().int().min(1).max(100).default(20).describe('Deployments to return'),
  teamId,
});
const deployment = z.object({
  idOrUrl: z.string().min(1).describe('Deployment ID ("dpl_...") or its hostname'),
  teamId,
});
const events = deployment.extend({
  limit: z.number().int().min(1).max(2000).default(100).describe('Log lines to return'),
});
const cancel = z.object({ id: z.string().min(1).describe('Deployment ID ("dpl_...")'), teamId });

/** Vercel projects and deployments: what is live, what failed and why. */
export default defineIntegration({
  id: 'vercel',
  name: 'Vercel',
  category: 'ops',
  docsUrl: 'https://vercel.com/docs/rest-api',
  apiVersion: 'REST (per-endpoint versions v2-v13)',
  baseUrl: 'https://api.vercel.com',
  auth: { type: 'bearer', field: 'token' },
  fields: [
    {
      name: 'token',
      label: 'Access token (Account settings > Tokens)',
      secret: true,
      format: /^[A-Za-z0-9_]{24,}$/,
      example: 'Ex4mpleVercelT0ken000000',
    },
  ],
  testAction: 'get_user',
  actions: {
    get_user: defineAction<Record<string, never>>({
      description: 'The user the token belongs to and their default team.',
      risk: 'read',
      method: 'GET',
      path: '/v2/user',
      input: z.object({}),
      result: (body) =>
        pick(body, ['user.id', 'user.username', 'user.email', 'user.defaultTeamId']),
      example: { input: {}, request: 'GET /v2/user' },
    }),
    list_projects: defineAction<z.input<typeof listProjects>>({
      description: 'List projects.',
      risk: 'read',
      method: 'GET',
      path: '/v10/projects',
      input: listProjects,
      query: ['search', 'limit', 'teamId'],
      result: (body) => pickEach(body, ['id', 'name', 'framework', 'updatedAt'], 'projects'),
      example: {
        input: { search: 'web', limit: 20 },
        request: 'GET /v10/projects?search=web&limit=20',
      },
    }),
    list_deployments: defineAction<z.input<typeof listDeployments>>({
      description: 'List deployments, newest first, with their state.',
      risk: 'read',
      method: 'GET',
      path: '/v7/deployments',
      input: listDeployments,
      query: ['projectId', 'target', 'state', 'limit', 'teamId'],
      result: (body) => pickEach(body, deploymentFields, 'deployments'),
      example: {
        input: { projectId: 'prj_12HKQaOmR5t5Uy6vdcQsNIiZgHGB', target: 'production', limit: 10 },
        request:
          'GET /v7/deployments?projectId=prj_12HKQaOmR5t5Uy6vdcQsNIiZgHGB&target=production&limit=10',
      },
    }),
    get_deployment: defineAction<z.infer<typeof deployment>>({
      description: 'One deployment: state, URL, commit and error message if it failed.',
      risk: 'read',
      method: 'GET',
      path: '/v13/deployments/{idOrUrl}',
      input: deployment,
      query: ['teamId'],
      result: (body) =>
        pick(body, [
          'id',
          'name',
          'url',
          'readyState',
          'target',
          'createdAt',
          'errorCode',
          'errorMessage',
          'meta.githubCommitMessage',
          'meta.githubCommitRef',
        ]),
      example: {
        input: { idOrUrl: 'dpl_89qyp1cskzkLrVicDaZoDbjyHuDJ' },
        request: 'GET /v13/deployments/dpl_89qyp1cskzkLrVicDaZoDbjyHuDJ',
      },
    }),
    get_deployment_events: defineAction<z.input<typeof events>>({
      description: 'The build log of a deployment, latest lines last.',
      risk: 'read',
      method: 'GET',
      path: '/v3/deployments/{idOrUrl}/events',
      input: events,
      query: (input) => ({
        direction: 'backward',
        follow: 0,
        limit: input.limit,
        teamId: input.teamId,
      }),
      result: (body) =>
        list(body)
          .map(
            (event) =>
              `${at(event, 'type')}: ${at(event, 'payload.text') ?? at(event, 'text') ?? ''}`,
          )
          .reverse(),
      example: {
        input: { idOrUrl: 'dpl_89qyp1cskzkLrVicDaZoDbjyHuDJ', limit: 100 },
        request:
          'GET /v3/deployments/dpl_89qyp1cskzkLrVicDaZoDbjyHuDJ/events?direction=backward&follow=0&limit=100',
      },
    }),
    cancel_deployment: defineAction<z.infer<typeof cancel>>({
      description: 'Cancel a deployment that is still building.',
      risk: 'write',
      method: 'PATCH',
      path: '/v12/deployments/{id}/cancel',
      input: cancel,
      query: ['teamId'],
      result: (body) => pick(body, ['id', 'readyState']),
      example: {
        input: { id: 'dpl_89qyp1cskzkLrVicDaZoDbjyHuDJ' },
        request: 'PATCH /v12/deployments/dpl_89qyp1cskzkLrVicDaZoDbjyHuDJ/cancel',
      },
    }),
  },
});
