import { z } from 'zod';
import { defineAction, defineIntegration } from '../../integration.js';
import { at, list, pageSize, pick } from '../common.js';

const id = z.string().regex(/^[A-Za-z0-9]+$/);
const task = (value: unknown) => ({
  ...pick(value, ['id', 'content', 'description', 'project_id', 'priority', 'labels']),
  due: at(value, 'due.string') ?? at(value, 'due.date'),
});
const tasks = (body: unknown) => ({
  ...pick(body, ['next_cursor']),
  tasks: list(body, 'results').map(task),
});

export default defineIntegration({
  id: 'todoist',
  name: 'Todoist',
  category: 'projects',
  docsUrl: 'https://developer.todoist.com/api/v1/',
  apiVersion: 'v1',
  baseUrl: 'https://api.todoist.com/api/v1',
  auth: { type: 'bearer', field: 'token' },
  fields: [
    {
      name: 'token',
      label: 'API token',
      secret: true,
      format: /^[0-9a-f]{40}$/,
      example: '0123456789abcdef0123456789abcdef01234567',
    },
  ],
  // 1,000 requests per 15 minutes for a user.
  rateLimit: { requests: 900, perSeconds: 900 },
  testAction: 'get_user',
  actions: {
    get_user: defineAction({
      description: 'Name the user the token belongs to.',
      risk: 'read',
      method: 'GET',
      path: '/user',
      input: z.object({}),
      result: (body) => pick(body, ['id', 'full_name', 'email', 'tz_info.timezone']),
      example: { input: {}, request: 'GET /api/v1/user' },
    }),
    list_projects: defineAction({
      description: 'List the projects.',
      risk: 'read',
      method: 'GET',
      path: '/projects',
      input: z.object({
        limit: pageSize(200, 'projects'),
        cursor: z.string().optional().describe('next_cursor of the previous page.'),
      }),
      query: ['limit', 'cursor'],
      result: (body) => ({
        ...pick(body, ['next_cursor']),
        projects: list(body, 'results').map((project) =>
          pick(project, ['id', 'name', 'is_inbox_project']),
        ),
      }),
      example: { input: { limit: 50 }, request: 'GET /api/v1/projects?limit=50' },
    }),
    filter_tasks: defineAction({
      description:
        'List open tasks matching a Todoist filter, such as "today | overdue" or "#Work & p1".',
      risk: 'read',
      method: 'GET',
      path: '/tasks/filter',
      input: z.object({
        query: z.string().min(1).describe('Todoist filter query.'),
        limit: pageSize(200, 'tasks'),
      }),
      query: ['query', 'limit'],
      result: tasks,
      example: {
        input: { query: 'today', limit: 50 },
        request: 'GET /api/v1/tasks/filter?query=today&limit=50',
      },
    }),
    list_tasks: defineAction({
      description: 'List the open tasks of a project.',
      risk: 'read',
      method: 'GET',
      path: '/tasks',
      input: z.object({
        project_id: id.describe('Project ID.'),
        limit: pageSize(200, 'tasks'),
        cursor: z.string().optional().describe('next_cursor of the previous page.'),
      }),
      query: ['project_id', 'limit', 'cursor'],
      result: tasks,
      example: {
        input: { project_id: '6Jf8VQXxpwv56VQ7', limit: 50 },
        request: 'GET /api/v1/tasks?project_id=6Jf8VQXxpwv56VQ7&limit=50',
      },
    }),
    create_task: defineAction({
      description: 'Add a task, with an optional due date in plain words.',
      risk: 'write',
      method: 'POST',
      path: '/tasks',
      input: z.object({
        content: z.string().min(1).describe('Task text.'),
        description: z.string().optional().describe('Longer description.'),
        project_id: id.optional().describe('Project ID (the inbox when absent).'),
        due_string: z.string().optional().describe('Due date in words, such as "tomorrow at 9".'),
        priority: z
          .number()
          .int()
          .min(1)
          .max(4)
          .optional()
          .describe('4 is the most urgent, 1 normal.'),
        labels: z.array(z.string()).optional().describe('Label names.'),
      }),
      body: ['content', 'description', 'project_id', 'due_string', 'priority', 'labels'],
      result: task,
      example: {
        input: { content: 'Renew the certificate', due_string: 'next monday' },
        request: 'POST /api/v1/tasks',
      },
    }),
    close_task: defineAction({
      description: 'Complete a task.',
      risk: 'write',
      method: 'POST',
      path: '/tasks/{task_id}/close',
      input: z.object({ task_id: id.describe('Task ID.') }),
      example: {
        input: { task_id: '6X4Vw2Hfmg73Q2XR' },
        request: 'POST /api/v1/tasks/6X4Vw2Hfmg73Q2XR/close',
      },
    }),
    comment_task: defineAction({
      description: 'Comment on a task.',
      risk: 'write',
      method: 'POST',
      path: '/comments',
      input: z.object({
        task_id: id.describe('Task ID.'),
        content: z.string().min(1).describe('Comment text, Markdown allowed.'),
      }),
      body: ['task_id', 'content'],
      result: (body) => pick(body, ['id', 'posted_at']),
      example: {
        input: { task_id: '6X4Vw2Hfmg73Q2XR', content: 'Done on staging.' },
        request: 'POST /api/v1/comments',
      },
    }),
  },
});
