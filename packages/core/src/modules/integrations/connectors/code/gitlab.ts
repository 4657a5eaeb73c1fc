import { z } from 'zod';
import { defineAction, defineIntegration } from '../../integration.js';
import { at, list, pageSize, pick } from '../common.js';

// GitLab also takes a URL-encoded path (group%2Fproject) for :id, but an encoded slash is refused
// in our paths, so projects are named by their numeric ID (list_projects finds it).
const projectId = z.number().int().positive().describe('Numeric project ID (see list_projects).');
const issueIid = z.number().int().positive().describe('Issue number inside the project (iid).');

const issue = (value: unknown) => ({
  ...pick(value, ['iid', 'title', 'state', 'labels', 'web_url', 'created_at', 'updated_at']),
  author: at(value, 'author.username'),
  assignees: list(value, 'assignees').map((user) => at(user, 'username')),
});

export default defineIntegration({
  id: 'gitlab',
  name: 'GitLab',
  category: 'code',
  docsUrl: 'https://docs.gitlab.com/api/rest/',
  apiVersion: 'v4',
  // gitlab.com by default; a self-managed instance is its own address.
  baseUrl: 'https://gitlab.com',
  baseUrlOverride: 'optional',
  auth: { type: 'bearer', field: 'token' },
  fields: [
    {
      name: 'token',
      label: 'Personal, project or group access token',
      secret: true,
      format: /^glpat-[A-Za-z0-9_.-]{20,}$/,
      example: 'glpat-AbCdEfGhIjKlMnOpQrSt',
    },
  ],
  // gitlab.com allows 2,000 authenticated API requests a minute.
  rateLimit: { requests: 1500, perSeconds: 60 },
  testAction: 'get_current_user',
  actions: {
    get_current_user: defineAction({
      description: 'Name the user the token belongs to.',
      risk: 'read',
      method: 'GET',
      path: '/api/v4/user',
      input: z.object({}),
      result: (body) => pick(body, ['id', 'username', 'name', 'web_url']),
      example: { input: {}, request: 'GET /api/v4/user' },
    }),
    list_projects: defineAction({
      description: 'List the projects the user is a member of, recently active first.',
      risk: 'read',
      method: 'GET',
      path: '/api/v4/projects',
      input: z.object({
        search: z.string().optional().describe('Only projects whose name matches.'),
        per_page: pageSize(100, 'projects'),
      }),
      query: ({ search, per_page }) => ({ membership: true, simple: true, search, per_page }),
      result: (body) =>
        list(body).map((project) =>
          pick(project, ['id', 'path_with_namespace', 'description', 'default_branch', 'web_url']),
        ),
      example: {
        input: { search: 'api', per_page: 20 },
        request: 'GET /api/v4/projects?membership=true&simple=true&search=api&per_page=20',
      },
    }),
    list_issues: defineAction({
      description: 'List the issues of a project.',
      risk: 'read',
      method: 'GET',
      path: '/api/v4/projects/{project_id}/issues',
      input: z.object({
        project_id: projectId,
        state: z.enum(['opened', 'closed', 'all']).optional().describe('Which state to list.'),
        labels: z.string().optional().describe('Comma-separated label names, all required.'),
        search: z.string().optional().describe('Words in the title or description.'),
        per_page: pageSize(100, 'issues'),
      }),
      query: ['state', 'labels', 'search', 'per_page'],
      result: (body) => list(body).map(issue),
      example: {
        input: { project_id: 4, state: 'opened', per_page: 20 },
        request: 'GET /api/v4/projects/4/issues?state=opened&per_page=20',
      },
    }),
    create_issue: defineAction({
      description: 'Open an issue in a project.',
      risk: 'write',
      method: 'POST',
      path: '/api/v4/projects/{project_id}/issues',
      input: z.object({
        project_id: projectId,
        title: z.string().min(1).max(255).describe('Issue title.'),
        description: z.string().max(1_048_576).optional().describe('Issue text, Markdown allowed.'),
        labels: z.string().optional().describe('Comma-separated label names.'),
        assignee_ids: z.array(z.number().int()).optional().describe('User IDs to assign.'),
      }),
      body: ['title', 'description', 'labels', 'assignee_ids'],
      result: issue,
      example: {
        input: { project_id: 4, title: 'Found a bug', labels: 'bug' },
        request: 'POST /api/v4/projects/4/issues',
      },
    }),
    comment_issue: defineAction({
      description: 'Comment on an issue.',
      risk: 'write',
      method: 'POST',
      path: '/api/v4/projects/{project_id}/issues/{issue_iid}/notes',
      input: z.object({
        project_id: projectId,
        issue_iid: issueIid,
        body: z.string().min(1).max(1_000_000).describe('Comment text, Markdown allowed.'),
      }),
      body: ['body'],
      result: (body) => pick(body, ['id', 'created_at']),
      example: {
        input: { project_id: 4, issue_iid: 11, body: 'Fixed in the last release.' },
        request: 'POST /api/v4/projects/4/issues/11/notes',
      },
    }),
    list_merge_requests: defineAction({
      description: 'List the merge requests of a project.',
      risk: 'read',
      method: 'GET',
      path: '/api/v4/projects/{project_id}/merge_requests',
      input: z.object({
        project_id: projectId,
        state: z
          .enum(['opened', 'closed', 'locked', 'merged', 'all'])
          .optional()
          .describe('Which state to list.'),
        per_page: pageSize(100, 'merge requests'),
      }),
      query: ['state', 'per_page'],
      result: (body) =>
        list(body).map((request) => ({
          ...pick(request, ['iid', 'title', 'state', 'draft', 'source_branch', 'target_branch']),
          ...pick(request, ['web_url', 'updated_at']),
          author: at(request, 'author.username'),
        })),
      example: {
        input: { project_id: 4, state: 'opened' },
        request: 'GET /api/v4/projects/4/merge_requests?state=opened',
      },
    }),
  },
});
