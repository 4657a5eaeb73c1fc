import { z } from 'zod';
import { defineAction, defineIntegration } from '../../integration.js';
import { at, list, pageSize, pick } from '../common.js';

const owner = z
  .string()
  .regex(/^[A-Za-z0-9_.-]+$/)
  .describe('User or organization that owns the repository.');
const repo = z
  .string()
  .regex(/^[A-Za-z0-9_.-]+$/)
  .describe('Repository name.');
const index = z.number().int().positive().describe('Issue or pull request number.');
const state = z
  .enum(['open', 'closed', 'all'])
  .optional()
  .describe('Which state to list (default open).');

const issue = (value: unknown) => ({
  ...pick(value, ['number', 'title', 'state', 'html_url', 'comments', 'created_at', 'updated_at']),
  author: at(value, 'user.login'),
  labels: list(value, 'labels').map((label) => at(label, 'name')),
});

export default defineIntegration({
  id: 'gitea',
  name: 'Gitea',
  category: 'code',
  docsUrl: 'https://docs.gitea.com/api/',
  apiVersion: 'v1',
  // Usually self-hosted; gitea.com is the public instance.
  baseUrl: 'https://gitea.com',
  baseUrlOverride: 'optional',
  auth: { type: 'bearer', field: 'token', prefix: 'token' },
  fields: [
    {
      name: 'token',
      label: 'Access token',
      secret: true,
      format: /^[0-9a-f]{40}$/,
      example: '65eaa9c8ef52460d22a93307fe0aee76289dc675',
    },
  ],
  testAction: 'get_current_user',
  actions: {
    get_current_user: defineAction({
      description: 'Name the user the token belongs to.',
      risk: 'read',
      method: 'GET',
      path: '/api/v1/user',
      input: z.object({}),
      result: (body) => pick(body, ['id', 'login', 'full_name', 'email']),
      example: { input: {}, request: 'GET /api/v1/user' },
    }),
    search_repos: defineAction({
      description: 'Find repositories by name.',
      risk: 'read',
      method: 'GET',
      path: '/api/v1/repos/search',
      input: z.object({
        q: z.string().optional().describe('Words in the repository name.'),
        limit: pageSize(50, 'repositories'),
      }),
      query: ['q', 'limit'],
      result: (body) =>
        list(body, 'data').map((repository) =>
          pick(repository, ['full_name', 'private', 'description', 'default_branch', 'updated_at']),
        ),
      example: {
        input: { q: 'infra', limit: 10 },
        request: 'GET /api/v1/repos/search?q=infra&limit=10',
      },
    }),
    list_issues: defineAction({
      description: 'List the issues of a repository.',
      risk: 'read',
      method: 'GET',
      path: '/api/v1/repos/{owner}/{repo}/issues',
      input: z.object({
        owner,
        repo,
        state,
        q: z.string().optional().describe('Words to search for.'),
        labels: z.string().optional().describe('Comma-separated label names.'),
        limit: pageSize(50, 'issues'),
        page: z.number().int().positive().optional().describe('Page number, from 1.'),
      }),
      query: ({ owner: _owner, repo: _repo, ...filters }) => ({ type: 'issues', ...filters }),
      result: (body) => list(body).map(issue),
      example: {
        input: { owner: 'gitea', repo: 'tea', state: 'open', limit: 20 },
        request: 'GET /api/v1/repos/gitea/tea/issues?type=issues&state=open&limit=20',
      },
    }),
    create_issue: defineAction({
      description: 'Open an issue in a repository.',
      risk: 'write',
      method: 'POST',
      path: '/api/v1/repos/{owner}/{repo}/issues',
      input: z.object({
        owner,
        repo,
        title: z.string().min(1).max(255).describe('Issue title.'),
        body: z.string().optional().describe('Issue text, Markdown allowed.'),
        assignees: z.array(z.string()).optional().describe('Usernames to assign.'),
        labels: z.array(z.number().int()).optional().describe('Label IDs to add.'),
      }),
      body: ['title', 'body', 'assignees', 'labels'],
      result: issue,
      example: {
        input: { owner: 'gitea', repo: 'tea', title: 'Found a bug' },
        request: 'POST /api/v1/repos/gitea/tea/issues',
      },
    }),
    comment_issue: defineAction({
      description: 'Comment on an issue or pull request.',
      risk: 'write',
      method: 'POST',
      path: '/api/v1/repos/{owner}/{repo}/issues/{index}/comments',
      input: z.object({
        owner,
        repo,
        index,
        body: z.string().min(1).describe('Comment text, Markdown allowed.'),
      }),
      body: ['body'],
      result: (body) => pick(body, ['id', 'html_url', 'created_at']),
      example: {
        input: { owner: 'gitea', repo: 'tea', index: 42, body: 'Fixed in the last release.' },
        request: 'POST /api/v1/repos/gitea/tea/issues/42/comments',
      },
    }),
    list_pulls: defineAction({
      description: 'List the pull requests of a repository.',
      risk: 'read',
      method: 'GET',
      path: '/api/v1/repos/{owner}/{repo}/pulls',
      input: z.object({ owner, repo, state, limit: pageSize(50, 'pull requests') }),
      query: ['state', 'limit'],
      result: (body) =>
        list(body).map((pull) => ({
          ...pick(pull, ['number', 'title', 'state', 'draft', 'merged', 'html_url', 'updated_at']),
          author: at(pull, 'user.login'),
          head: at(pull, 'head.ref'),
          base: at(pull, 'base.ref'),
        })),
      example: {
        input: { owner: 'gitea', repo: 'tea', state: 'open' },
        request: 'GET /api/v1/repos/gitea/tea/pulls?state=open',
      },
    }),
  },
});
