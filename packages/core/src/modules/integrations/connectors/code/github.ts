import { z } from 'zod';
import { defineAction, defineIntegration } from '../../integration.js';
import { at, list, pageSize, pick } from '../common.js';

const owner = z
  .string()
  .regex(/^[A-Za-z0-9_.-]+$/)
  .describe('Account or organization that owns the repository.');
const repo = z
  .string()
  .regex(/^[A-Za-z0-9_.-]+$/)
  .describe('Repository name, without .git.');
const issueNumber = z.number().int().positive().describe('Issue or pull request number.');
const state = z
  .enum(['open', 'closed', 'all'])
  .optional()
  .describe('Which state to list (default open).');

const issue = (value: unknown) => ({
  ...pick(value, ['number', 'title', 'state', 'html_url', 'comments', 'created_at', 'updated_at']),
  author: at(value, 'user.login'),
  labels: list(value, 'labels').map((label) => at(label, 'name')),
  is_pull_request: at(value, 'pull_request') !== undefined,
});

/** File contents arrive base64-encoded; the model gets the text, cut to a size it can read. */
const MAX_FILE_CHARS = 50_000;
const fileContents = (body: unknown) => {
  const encoded = at(body, 'content');
  if (typeof encoded !== 'string') {
    return list(body).map((entry) => pick(entry, ['name', 'path', 'type', 'size']));
  }
  const text = Buffer.from(encoded, 'base64').toString('utf8');
  return {
    ...pick(body, ['path', 'sha', 'size', 'html_url']),
    text: text.slice(0, MAX_FILE_CHARS),
    truncated: text.length > MAX_FILE_CHARS,
  };
};

export default defineIntegration({
  id: 'github',
  name: 'GitHub',
  category: 'code',
  docsUrl: 'https://docs.github.com/en/rest?apiVersion=2026-03-10',
  apiVersion: '2026-03-10',
  baseUrl: 'https://api.github.com',
  auth: { type: 'bearer', field: 'token' },
  headers: { Accept: 'application/vnd.github+json', 'X-GitHub-Api-Version': '2026-03-10' },
  fields: [
    {
      name: 'token',
      label: 'Personal access token',
      secret: true,
      format: /^(gh[pousr]_[A-Za-z0-9]{36,251}|github_pat_[A-Za-z0-9_]{22,255})$/,
      example: 'ghp_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789',
    },
  ],
  // 5,000 requests an hour for a token.
  rateLimit: { requests: 4500, perSeconds: 3600 },
  testAction: 'get_authenticated_user',
  actions: {
    get_authenticated_user: defineAction({
      description: 'Name the account the token belongs to.',
      risk: 'read',
      method: 'GET',
      path: '/user',
      input: z.object({}),
      result: (body) => pick(body, ['login', 'name', 'html_url']),
      example: { input: {}, request: 'GET /user' },
    }),
    list_repos: defineAction({
      description: 'List the repositories the account can reach, recently pushed first.',
      risk: 'read',
      method: 'GET',
      path: '/user/repos',
      input: z.object({
        per_page: pageSize(100, 'repositories'),
        page: z.number().int().positive().optional().describe('Page number, from 1.'),
      }),
      query: ({ per_page, page }) => ({ sort: 'pushed', per_page, page }),
      result: (body) =>
        list(body).map((repository) =>
          pick(repository, ['full_name', 'private', 'description', 'default_branch', 'pushed_at']),
        ),
      example: { input: { per_page: 30 }, request: 'GET /user/repos?sort=pushed&per_page=30' },
    }),
    list_issues: defineAction({
      description: 'List the issues (and pull requests) of a repository, newest first.',
      risk: 'read',
      method: 'GET',
      path: '/repos/{owner}/{repo}/issues',
      input: z.object({
        owner,
        repo,
        state,
        labels: z.string().optional().describe('Comma-separated label names, all required.'),
        per_page: pageSize(100, 'issues'),
        page: z.number().int().positive().optional().describe('Page number, from 1.'),
      }),
      query: ['state', 'labels', 'per_page', 'page'],
      result: (body) => list(body).map(issue),
      example: {
        input: { owner: 'octocat', repo: 'hello-world', state: 'open', per_page: 20 },
        request: 'GET /repos/octocat/hello-world/issues?state=open&per_page=20',
      },
    }),
    create_issue: defineAction({
      description: 'Open an issue in a repository.',
      risk: 'write',
      method: 'POST',
      path: '/repos/{owner}/{repo}/issues',
      input: z.object({
        owner,
        repo,
        title: z.string().min(1).max(256).describe('Issue title.'),
        body: z.string().max(65_536).optional().describe('Issue text, Markdown allowed.'),
        labels: z.array(z.string()).optional().describe('Label names to add.'),
        assignees: z.array(z.string()).optional().describe('Logins to assign.'),
      }),
      body: ['title', 'body', 'labels', 'assignees'],
      result: issue,
      example: {
        input: { owner: 'octocat', repo: 'hello-world', title: 'Found a bug' },
        request: 'POST /repos/octocat/hello-world/issues',
      },
    }),
    comment_issue: defineAction({
      description: 'Comment on an issue or pull request.',
      risk: 'write',
      method: 'POST',
      path: '/repos/{owner}/{repo}/issues/{issue_number}/comments',
      input: z.object({
        owner,
        repo,
        issue_number: issueNumber,
        body: z.string().min(1).max(65_536).describe('Comment text, Markdown allowed.'),
      }),
      body: ['body'],
      result: (body) => pick(body, ['id', 'html_url', 'created_at']),
      example: {
        input: { owner: 'octocat', repo: 'hello-world', issue_number: 1347, body: 'Me too' },
        request: 'POST /repos/octocat/hello-world/issues/1347/comments',
      },
    }),
    list_pulls: defineAction({
      description: 'List the pull requests of a repository.',
      risk: 'read',
      method: 'GET',
      path: '/repos/{owner}/{repo}/pulls',
      input: z.object({ owner, repo, state, per_page: pageSize(100, 'pull requests') }),
      query: ['state', 'per_page'],
      result: (body) =>
        list(body).map((pull) => ({
          ...pick(pull, ['number', 'title', 'state', 'draft', 'html_url', 'updated_at']),
          author: at(pull, 'user.login'),
          head: at(pull, 'head.ref'),
          base: at(pull, 'base.ref'),
        })),
      example: {
        input: { owner: 'octocat', repo: 'hello-world', state: 'open' },
        request: 'GET /repos/octocat/hello-world/pulls?state=open',
      },
    }),
    get_file: defineAction({
      description: 'Read a file of a repository as text, or list a directory.',
      risk: 'read',
      method: 'GET',
      path: '/repos/{owner}/{repo}/contents/{path*}',
      input: z.object({
        owner,
        repo,
        path: z.string().min(1).describe('File or directory path, such as src/index.ts.'),
        ref: z.string().optional().describe('Branch, tag or commit (default branch when absent).'),
      }),
      query: ['ref'],
      result: fileContents,
      example: {
        input: { owner: 'octocat', repo: 'hello-world', path: 'docs/README.md', ref: 'main' },
        request: 'GET /repos/octocat/hello-world/contents/docs/README.md?ref=main',
      },
    }),
  },
});
