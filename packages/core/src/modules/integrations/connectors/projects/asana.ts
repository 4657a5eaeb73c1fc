import { z } from 'zod';
import { defineAction, defineIntegration } from '../../integration.js';
import { at, list, pageSize, pick } from '../common.js';

const gid = z.string().regex(/^\d+$/);
const TASK_FIELDS = 'name,completed,due_on,assignee.name,permalink_url,modified_at';
const task = (value: unknown) => ({
  ...pick(value, ['gid', 'name', 'completed', 'due_on', 'permalink_url', 'modified_at']),
  assignee: at(value, 'assignee.name'),
});

export default defineIntegration({
  id: 'asana',
  name: 'Asana',
  category: 'projects',
  docsUrl: 'https://developers.asana.com/reference/rest-api-reference',
  apiVersion: '1.0',
  baseUrl: 'https://app.asana.com/api/1.0',
  auth: { type: 'bearer', field: 'token' },
  fields: [
    {
      name: 'token',
      label: 'Personal access token',
      secret: true,
      format: /^\d\/\d+(\/\d+)?:[0-9a-f]{32}$/,
      example: '2/1201234567890123/1209876543210987:0123456789abcdef0123456789abcdef',
    },
  ],
  // 150 requests a minute on free workspaces, more on paid ones.
  rateLimit: { requests: 120, perSeconds: 60 },
  testAction: 'get_me',
  actions: {
    get_me: defineAction({
      description: 'Name the user the token belongs to and list their workspaces.',
      risk: 'read',
      method: 'GET',
      path: '/users/me',
      input: z.object({}),
      query: () => ({ opt_fields: 'name,email,workspaces.name' }),
      result: (body) => ({
        ...pick(at(body, 'data'), ['gid', 'name', 'email']),
        workspaces: list(body, 'data.workspaces').map((workspace) =>
          pick(workspace, ['gid', 'name']),
        ),
      }),
      example: {
        input: {},
        request: 'GET /api/1.0/users/me?opt_fields=name%2Cemail%2Cworkspaces.name',
      },
    }),
    list_projects: defineAction({
      description: 'List the active projects of a workspace.',
      risk: 'read',
      method: 'GET',
      path: '/projects',
      input: z.object({
        workspace: gid.describe('Workspace gid (from get_me).'),
        limit: pageSize(100, 'projects'),
      }),
      query: ({ workspace, limit }) => ({ workspace, archived: false, limit }),
      result: (body) => list(body, 'data').map((project) => pick(project, ['gid', 'name'])),
      example: {
        input: { workspace: '1234567890123', limit: 50 },
        request: 'GET /api/1.0/projects?workspace=1234567890123&archived=false&limit=50',
      },
    }),
    list_tasks: defineAction({
      description: 'List the tasks of a project, or the tasks assigned to me in a workspace.',
      risk: 'read',
      method: 'GET',
      path: '/tasks',
      input: z
        .object({
          project: gid.optional().describe('Project gid.'),
          workspace: gid.optional().describe('Workspace gid, for my tasks (when no project).'),
          completed_since: z
            .string()
            .optional()
            .describe('"now" for incomplete tasks only, or an ISO 8601 date.'),
          limit: pageSize(100, 'tasks'),
        })
        .refine((input) => input.project || input.workspace, 'Give a project or a workspace.'),
      query: ({ project, workspace, completed_since, limit }) => ({
        ...(project ? { project } : { assignee: 'me', workspace }),
        completed_since,
        limit,
        opt_fields: TASK_FIELDS,
      }),
      result: (body) => ({
        ...pick(body, ['next_page.offset']),
        tasks: list(body, 'data').map(task),
      }),
      example: {
        input: { project: '1200000000000001', completed_since: 'now', limit: 50 },
        request:
          'GET /api/1.0/tasks?project=1200000000000001&completed_since=now&limit=50&opt_fields=name%2Ccompleted%2Cdue_on%2Cassignee.name%2Cpermalink_url%2Cmodified_at',
      },
    }),
    create_task: defineAction({
      description: 'Create a task in a project (or in a workspace, assigned to me).',
      risk: 'write',
      method: 'POST',
      path: '/tasks',
      input: z
        .object({
          name: z.string().min(1).describe('Task name.'),
          notes: z.string().optional().describe('Task description.'),
          project: gid.optional().describe('Project gid to add the task to.'),
          workspace: gid.optional().describe('Workspace gid, when there is no project.'),
          assignee: z.string().optional().describe('"me", an email or a user gid.'),
          due_on: z.iso.date().optional().describe('Due date, YYYY-MM-DD.'),
        })
        .refine((input) => input.project || input.workspace, 'Give a project or a workspace.'),
      body: ({ project, workspace, ...fields }) => ({
        data: { ...fields, ...(project ? { projects: [project] } : { workspace }) },
      }),
      result: (body) => task(at(body, 'data')),
      example: {
        input: { name: 'Renew the certificate', project: '1200000000000001', due_on: '2026-12-01' },
        request: 'POST /api/1.0/tasks',
      },
    }),
    complete_task: defineAction({
      description: 'Mark a task complete (or incomplete again).',
      risk: 'write',
      method: 'PUT',
      path: '/tasks/{task_gid}',
      input: z.object({
        task_gid: gid.describe('Task gid.'),
        completed: z.boolean().default(true).describe('false to reopen the task.'),
      }),
      body: ({ completed }) => ({ data: { completed } }),
      result: (body) => task(at(body, 'data')),
      example: {
        input: { task_gid: '1200000000000042', completed: true },
        request: 'PUT /api/1.0/tasks/1200000000000042',
      },
    }),
    comment_task: defineAction({
      description: 'Comment on a task.',
      risk: 'write',
      method: 'POST',
      path: '/tasks/{task_gid}/stories',
      input: z.object({
        task_gid: gid.describe('Task gid.'),
        text: z.string().min(1).describe('Comment text.'),
      }),
      body: ({ text }) => ({ data: { text } }),
      result: (body) => pick(at(body, 'data'), ['gid', 'created_at']),
      example: {
        input: { task_gid: '1200000000000042', text: 'Done on staging.' },
        request: 'POST /api/1.0/tasks/1200000000000042/stories',
      },
    }),
  },
});
