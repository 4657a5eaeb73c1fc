import { z } from 'zod';
import { defineAction, defineIntegration } from '../../integration.js';
import { at, list, pageSize, pick } from '../common.js';
import { atlassianAuth, atlassianFields } from '../vendors.js';

const workspace = z
  .string()
  .regex(/^[A-Za-z0-9_.-]+$/)
  .describe('Workspace slug.');
const repoSlug = z
  .string()
  .regex(/^[A-Za-z0-9_.-]+$/)
  .describe('Repository slug.');

const pullRequest = (value: unknown) => ({
  ...pick(value, ['id', 'title', 'state', 'created_on', 'updated_on', 'comment_count']),
  author: at(value, 'author.display_name'),
  source: at(value, 'source.branch.name'),
  destination: at(value, 'destination.branch.name'),
  url: at(value, 'links.html.href'),
});

export default defineIntegration({
  id: 'bitbucket',
  name: 'Bitbucket',
  category: 'code',
  docsUrl: 'https://developer.atlassian.com/cloud/bitbucket/rest/intro/',
  apiVersion: '2.0',
  baseUrl: 'https://api.bitbucket.org/2.0',
  // Atlassian API tokens replace app passwords: Basic auth with the account email and the token.
  auth: atlassianAuth,
  fields: atlassianFields,
  // 1,000 repository-data requests an hour.
  rateLimit: { requests: 900, perSeconds: 3600 },
  testAction: 'get_current_user',
  actions: {
    get_current_user: defineAction({
      description: 'Name the account the token belongs to.',
      risk: 'read',
      method: 'GET',
      path: '/user',
      input: z.object({}),
      result: (body) => pick(body, ['display_name', 'account_id', 'nickname']),
      example: { input: {}, request: 'GET /2.0/user' },
    }),
    list_repos: defineAction({
      description: 'List the repositories of a workspace, recently updated first.',
      risk: 'read',
      method: 'GET',
      path: '/repositories/{workspace}',
      input: z.object({ workspace, pagelen: pageSize(100, 'repositories') }),
      query: ({ pagelen }) => ({ sort: '-updated_on', pagelen }),
      result: (body) => ({
        ...pick(body, ['next']),
        repositories: list(body, 'values').map((repository) => ({
          ...pick(repository, ['slug', 'full_name', 'is_private', 'description', 'updated_on']),
          main_branch: at(repository, 'mainbranch.name'),
        })),
      }),
      example: {
        input: { workspace: 'acme', pagelen: 25 },
        request: 'GET /2.0/repositories/acme?sort=-updated_on&pagelen=25',
      },
    }),
    list_pull_requests: defineAction({
      description: 'List the pull requests of a repository.',
      risk: 'read',
      method: 'GET',
      path: '/repositories/{workspace}/{repo_slug}/pullrequests',
      input: z.object({
        workspace,
        repo_slug: repoSlug,
        state: z
          .enum(['OPEN', 'MERGED', 'DECLINED', 'SUPERSEDED'])
          .optional()
          .describe('Which state to list (default OPEN).'),
        pagelen: pageSize(50, 'pull requests'),
      }),
      query: ['state', 'pagelen'],
      result: (body) => ({
        ...pick(body, ['next']),
        pull_requests: list(body, 'values').map(pullRequest),
      }),
      example: {
        input: { workspace: 'acme', repo_slug: 'api', state: 'OPEN' },
        request: 'GET /2.0/repositories/acme/api/pullrequests?state=OPEN',
      },
    }),
    create_pull_request: defineAction({
      description: 'Open a pull request from one branch into another.',
      risk: 'write',
      method: 'POST',
      path: '/repositories/{workspace}/{repo_slug}/pullrequests',
      input: z.object({
        workspace,
        repo_slug: repoSlug,
        title: z.string().min(1).describe('Pull request title.'),
        source_branch: z.string().min(1).describe('Branch with the changes.'),
        destination_branch: z
          .string()
          .optional()
          .describe('Branch to merge into (the main branch when absent).'),
        description: z.string().optional().describe('Description, Markdown allowed.'),
        close_source_branch: z.boolean().optional().describe('Delete the source branch on merge.'),
      }),
      body: ({ title, source_branch, destination_branch, description, close_source_branch }) => ({
        title,
        source: { branch: { name: source_branch } },
        ...(destination_branch ? { destination: { branch: { name: destination_branch } } } : {}),
        description,
        close_source_branch,
      }),
      result: pullRequest,
      example: {
        input: {
          workspace: 'acme',
          repo_slug: 'api',
          title: 'Add retries',
          source_branch: 'retries',
        },
        request: 'POST /2.0/repositories/acme/api/pullrequests',
      },
    }),
    comment_pull_request: defineAction({
      description: 'Comment on a pull request.',
      risk: 'write',
      method: 'POST',
      path: '/repositories/{workspace}/{repo_slug}/pullrequests/{pull_request_id}/comments',
      input: z.object({
        workspace,
        repo_slug: repoSlug,
        pull_request_id: z.number().int().positive().describe('Pull request ID.'),
        text: z.string().min(1).describe('Comment text, Markdown allowed.'),
      }),
      body: ({ text }) => ({ content: { raw: text } }),
      result: (body) => ({ ...pick(body, ['id', 'created_on']), url: at(body, 'links.html.href') }),
      example: {
        input: { workspace: 'acme', repo_slug: 'api', pull_request_id: 7, text: 'Looks good.' },
        request: 'POST /2.0/repositories/acme/api/pullrequests/7/comments',
      },
    }),
    get_file: defineAction({
      description:
        'Read a file at a commit, tag or branch (a branch whose name has a / needs its commit hash).',
      risk: 'read',
      method: 'GET',
      path: '/repositories/{workspace}/{repo_slug}/src/{commit}/{path*}',
      input: z.object({
        workspace,
        repo_slug: repoSlug,
        commit: z.string().min(1).describe('Branch name, tag or commit hash.'),
        path: z.string().min(1).describe('File path, such as src/app.py.'),
      }),
      example: {
        input: { workspace: 'acme', repo_slug: 'api', commit: 'main', path: 'docs/README.md' },
        request: 'GET /2.0/repositories/acme/api/src/main/docs/README.md',
      },
    }),
  },
});
