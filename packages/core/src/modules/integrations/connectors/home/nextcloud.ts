import { z } from 'zod';
import { defineAction, defineIntegration } from '../../integration.js';
import { at, pick, pickEach } from '../common.js';

const filePath = z
  .string()
  .min(1)
  .describe('Path in the user\'s files, such as "Documents/notes.md" (no leading slash)');
const shareFields = ['id', 'share_type', 'path', 'url', 'permissions', 'expiration', 'share_with'];

const searchFiles = z.object({
  term: z.string().min(1).describe('Words in the file name (or content, with full-text search)'),
  limit: z.number().int().min(1).max(100).default(20).describe('Results to return'),
});
const listShares = z.object({
  path: z.string().optional().describe('Only shares of this file or folder, such as "/Photos"'),
});
const createLink = z.object({
  path: z.string().min(1).describe('File or folder to share, such as "/Photos/2026"'),
  password: z.string().optional().describe('Password for the link'),
  expireDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional()
    .describe('Last day the link works, YYYY-MM-DD'),
});

/**
 * Nextcloud (self-hosted): OCS API calls carry `OCS-APIRequest: true` and answer JSON; files are
 * read over WebDAV. Basic auth with the user name and an app password. Listing folders and
 * uploading need WebDAV methods (PROPFIND) and raw bodies, which this connector does not send.
 */
export default defineIntegration({
  id: 'nextcloud',
  name: 'Nextcloud',
  category: 'home',
  docsUrl: 'https://docs.nextcloud.com/server/latest/developer_manual/client_apis/',
  apiVersion: 'OCS v2 (Nextcloud 30+)',
  baseUrl: 'https://cloud.example.com',
  baseUrlOverride: 'required',
  auth: { type: 'basic', usernameField: 'username', passwordField: 'app_password' },
  fields: [
    { name: 'username', label: 'User name', secret: false, example: 'alice' },
    {
      name: 'app_password',
      label: 'App password (Personal settings > Security > Devices & sessions)',
      secret: true,
      format: /^[A-Za-z0-9]{5}(-[A-Za-z0-9]{5}){4}$/,
      example: 'Ex4mp-le0Ap-pPass-w0rd0-00000',
    },
  ],
  headers: { 'OCS-APIRequest': 'true' },
  testAction: 'get_user',
  actions: {
    get_user: defineAction<Record<string, never>>({
      description: 'The signed-in user: name, email and storage quota.',
      risk: 'read',
      method: 'GET',
      path: '/ocs/v2.php/cloud/user',
      input: z.object({}),
      result: (body) =>
        pick(body, ['ocs.data.id', 'ocs.data.display-name', 'ocs.data.email', 'ocs.data.quota']),
      example: { input: {}, request: 'GET /ocs/v2.php/cloud/user' },
    }),
    search_files: defineAction<z.input<typeof searchFiles>>({
      description: 'Find files by name.',
      risk: 'read',
      method: 'GET',
      path: '/ocs/v2.php/search/providers/files/search',
      input: searchFiles,
      query: ['term', 'limit'],
      result: (body) =>
        pickEach(body, ['title', 'subline', 'resourceUrl', 'attributes.path'], 'ocs.data.entries'),
      example: {
        input: { term: 'invoice', limit: 20 },
        request: 'GET /ocs/v2.php/search/providers/files/search?term=invoice&limit=20',
      },
    }),
    read_file: defineAction<{ path: string }>({
      description: 'Read a text file (Markdown, notes, CSV).',
      risk: 'read',
      method: 'GET',
      path: '/remote.php/webdav/{path*}',
      input: z.object({ path: filePath }),
      headers: { Accept: 'text/plain, */*' },
      example: {
        input: { path: 'Documents/notes.md' },
        request: 'GET /remote.php/webdav/Documents/notes.md',
      },
    }),
    list_shares: defineAction<z.infer<typeof listShares>>({
      description: 'Shares the user made (links and shares with people).',
      risk: 'read',
      method: 'GET',
      path: '/ocs/v2.php/apps/files_sharing/api/v1/shares',
      input: listShares,
      query: ['path'],
      result: (body) => pickEach(body, shareFields, 'ocs.data'),
      example: {
        input: { path: '/Photos' },
        request: 'GET /ocs/v2.php/apps/files_sharing/api/v1/shares?path=%2FPhotos',
      },
    }),
    create_public_link: defineAction<z.infer<typeof createLink>>({
      description: 'Create a read-only public link to a file or folder.',
      risk: 'write',
      method: 'POST',
      path: '/ocs/v2.php/apps/files_sharing/api/v1/shares',
      input: createLink,
      body: (input) => ({
        path: input.path,
        shareType: 3,
        permissions: 1,
        password: input.password,
        expireDate: input.expireDate,
      }),
      bodyType: 'form',
      result: (body) => pick(at(body, 'ocs.data'), shareFields),
      example: {
        input: { path: '/Photos/2026', expireDate: '2026-12-31' },
        request: 'POST /ocs/v2.php/apps/files_sharing/api/v1/shares',
      },
    }),
    list_notifications: defineAction<Record<string, never>>({
      description: "The user's notifications (shares received, updates, mentions).",
      risk: 'read',
      method: 'GET',
      path: '/ocs/v2.php/apps/notifications/api/v2/notifications',
      input: z.object({}),
      result: (body) =>
        pickEach(body, ['notification_id', 'app', 'datetime', 'subject', 'message'], 'ocs.data'),
      example: { input: {}, request: 'GET /ocs/v2.php/apps/notifications/api/v2/notifications' },
    }),
  },
});
