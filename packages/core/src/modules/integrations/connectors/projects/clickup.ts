import { z } from 'zod';
import { defineAction, defineIntegration } from '../../integration.js';
import { at, list, pick, pickEach } from '../common.js';

const numericId = z.string().regex(/^\d+$/);
const taskId = z
  .string()
  .regex(/^[A-Za-z0-9]+$/)
  .describe('Task ID, such as 86a1b2c3d.');
const task = (value: unknown) => ({
  ...pick(value, ['id', 'name', 'url', 'due_date', 'date_updated']),
  status: at(value, 'status.status'),
  priority: at(value, 'priority.priority'),
  assignees: list(value, 'assignees').map((user) => at(user, 'username')),
});

export default defineIntegration({
  id: 'clickup',
  name: 'ClickUp',
  category: 'projects',
  docsUrl: 'https://developer.clickup.com/reference',
  apiVersion: 'v2',
  baseUrl: 'https://api.clickup.com/api/v2',
  // A personal token goes in Authorization as it is, without "Bearer".
  auth: { type: 'api_key', placements: [{ in: 'header', name: 'Authorization', field: 'token' }] },
  fields: [
    {
      name: 'token',
      label: 'Personal API token',
      secret: true,
      format: /^pk_\d+_[A-Z0-9]{32}$/,
      example: 'pk_3141592_ABCDEFGHIJKLMNOPQRSTUVWXYZ012345',
    },
  ],
  // 100 requests a minute per token on most plans.
  rateLimit: { requests: 90, perSeconds: 60 },
  testAction: 'get_user',
  actions: {
    get_user: defineAction({
      description: 'Name the user the token belongs to.',
      risk: 'read',
      method: 'GET',
      path: '/user',
      input: z.object({}),
      result: (body) => pick(at(body, 'user'), ['id', 'username', 'email']),
      example: { input: {}, request: 'GET /api/v2/user' },
    }),
    list_workspaces: defineAction({
      description: 'List the workspaces (called teams in the API).',
      risk: 'read',
      method: 'GET',
      path: '/team',
      input: z.object({}),
      result: (body) => pickEach(body, ['id', 'name'], 'teams'),
      example: { input: {}, request: 'GET /api/v2/team' },
    }),
    list_spaces: defineAction({
      description: 'List the spaces of a workspace.',
      risk: 'read',
      method: 'GET',
      path: '/team/{team_id}/space',
      input: z.object({ team_id: numericId.describe('Workspace ID.') }),
      query: () => ({ archived: false }),
      result: (body) => pickEach(body, ['id', 'name'], 'spaces'),
      example: {
        input: { team_id: '9012345678' },
        request: 'GET /api/v2/team/9012345678/space?archived=false',
      },
    }),
    list_lists: defineAction({
      description: 'List the lists of a space that are not in a folder.',
      risk: 'read',
      method: 'GET',
      path: '/space/{space_id}/list',
      input: z.object({ space_id: numericId.describe('Space ID.') }),
      query: () => ({ archived: false }),
      result: (body) => pickEach(body, ['id', 'name', 'task_count'], 'lists'),
      example: {
        input: { space_id: '90120012345' },
        request: 'GET /api/v2/space/90120012345/list?archived=false',
      },
    }),
    list_tasks: defineAction({
      description: 'List the open tasks of a list, 100 a page.',
      risk: 'read',
      method: 'GET',
      path: '/list/{list_id}/task',
      input: z.object({
        list_id: numericId.describe('List ID.'),
        page: z.number().int().min(0).optional().describe('Page number, from 0.'),
        include_closed: z.boolean().optional().describe('Include closed tasks.'),
      }),
      query: ['page', 'include_closed'],
      result: (body) => ({ ...pick(body, ['last_page']), tasks: list(body, 'tasks').map(task) }),
      example: {
        input: { list_id: '901200123456', page: 0 },
        request: 'GET /api/v2/list/901200123456/task?page=0',
      },
    }),
    create_task: defineAction({
      description: 'Create a task in a list.',
      risk: 'write',
      method: 'POST',
      path: '/list/{list_id}/task',
      input: z.object({
        list_id: numericId.describe('List ID.'),
        name: z.string().min(1).describe('Task name.'),
        description: z.string().optional().describe('Task description.'),
        status: z.string().optional().describe('Status name of the list, such as "to do".'),
        priority: z
          .number()
          .int()
          .min(1)
          .max(4)
          .optional()
          .describe('1 urgent, 2 high, 3 normal, 4 low.'),
        due_date: z.number().int().optional().describe('Due date, Unix time in milliseconds.'),
      }),
      body: ['name', 'description', 'status', 'priority', 'due_date'],
      result: task,
      example: {
        input: { list_id: '901200123456', name: 'Renew the certificate' },
        request: 'POST /api/v2/list/901200123456/task',
      },
    }),
    update_status: defineAction({
      description: 'Change the status of a task (such as "complete").',
      risk: 'write',
      method: 'PUT',
      path: '/task/{task_id}',
      input: z.object({
        task_id: taskId,
        status: z.string().min(1).describe('Status name of the list.'),
      }),
      body: ['status'],
      result: task,
      example: {
        input: { task_id: '86a1b2c3d', status: 'complete' },
        request: 'PUT /api/v2/task/86a1b2c3d',
      },
    }),
    comment_task: defineAction({
      description: 'Comment on a task.',
      risk: 'write',
      method: 'POST',
      path: '/task/{task_id}/comment',
      input: z.object({
        task_id: taskId,
        comment_text: z.string().min(1).describe('Comment text.'),
      }),
      body: ({ comment_text }) => ({ comment_text, notify_all: false }),
      result: (body) => pick(body, ['id', 'date']),
      example: {
        input: { task_id: '86a1b2c3d', comment_text: 'Done on staging.' },
        request: 'POST /api/v2/task/86a1b2c3d/comment',
      },
    }),
  },
});
