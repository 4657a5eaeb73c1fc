import { z } from 'zod';
import { defineAction, defineIntegration } from '../../integration.js';
import { list, pick } from '../common.js';
import { googleAuth, googleFields } from '../vendors.js';

const fileId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{10,}$/)
  .describe('File ID, from search_files.');
const FILE_FIELDS = 'id,name,mimeType,modifiedTime,size,webViewLink,parents';
const file = (value: unknown) =>
  pick(value, ['id', 'name', 'mimeType', 'modifiedTime', 'size', 'webViewLink', 'parents']);
/** Exports can be long; the model gets a readable share of them. */
const MAX_TEXT_CHARS = 50_000;

export default defineIntegration({
  id: 'google-drive',
  name: 'Google Drive',
  category: 'docs',
  docsUrl: 'https://developers.google.com/workspace/drive/api/reference/rest/v3',
  apiVersion: 'v3',
  baseUrl: 'https://www.googleapis.com/drive/v3',
  auth: googleAuth,
  fields: googleFields,
  rateLimit: { requests: 600, perSeconds: 60 },
  testAction: 'about',
  actions: {
    about: defineAction({
      description: 'Name the user the token belongs to and their storage use.',
      risk: 'read',
      method: 'GET',
      path: '/about',
      input: z.object({}),
      query: () => ({ fields: 'user(displayName,emailAddress),storageQuota(limit,usage)' }),
      result: (body) => pick(body, ['user.displayName', 'user.emailAddress', 'storageQuota']),
      example: {
        input: {},
        request:
          'GET /drive/v3/about?fields=user%28displayName%2CemailAddress%29%2CstorageQuota%28limit%2Cusage%29',
      },
    }),
    search_files: defineAction({
      description:
        "Find files with a Drive query, such as name contains 'budget' and trashed = false.",
      risk: 'read',
      method: 'GET',
      path: '/files',
      input: z.object({
        q: z.string().optional().describe('Drive search query; recent files when absent.'),
        page_size: z.number().int().min(1).max(100).default(20).describe('How many (1-100).'),
        page_token: z.string().optional().describe('nextPageToken of the previous page.'),
      }),
      query: ({ q, page_size, page_token }) => ({
        q,
        pageSize: page_size,
        pageToken: page_token,
        orderBy: 'modifiedTime desc',
        fields: `nextPageToken,files(${FILE_FIELDS})`,
        supportsAllDrives: true,
        includeItemsFromAllDrives: true,
      }),
      result: (body) => ({
        ...pick(body, ['nextPageToken']),
        files: list(body, 'files').map(file),
      }),
      example: {
        input: { q: "name contains 'budget'", page_size: 20 },
        request:
          'GET /drive/v3/files?q=name+contains+%27budget%27&pageSize=20&orderBy=modifiedTime+desc&fields=nextPageToken%2Cfiles%28id%2Cname%2CmimeType%2CmodifiedTime%2Csize%2CwebViewLink%2Cparents%29&supportsAllDrives=true&includeItemsFromAllDrives=true',
      },
    }),
    get_file: defineAction({
      description: 'Read the details of a file or folder.',
      risk: 'read',
      method: 'GET',
      path: '/files/{file_id}',
      input: z.object({ file_id: fileId }),
      query: () => ({ fields: FILE_FIELDS, supportsAllDrives: true }),
      result: file,
      example: {
        input: { file_id: '1AbCdEfGhIjKlMnOpQrStUvWxYz012345' },
        request:
          'GET /drive/v3/files/1AbCdEfGhIjKlMnOpQrStUvWxYz012345?fields=id%2Cname%2CmimeType%2CmodifiedTime%2Csize%2CwebViewLink%2Cparents&supportsAllDrives=true',
      },
    }),
    read_document: defineAction({
      description: 'Read a Google Doc, Sheet or Slides file as plain text (or CSV for a sheet).',
      risk: 'read',
      method: 'GET',
      path: '/files/{file_id}/export',
      input: z.object({
        file_id: fileId,
        mime_type: z
          .enum(['text/plain', 'text/csv', 'text/markdown'])
          .default('text/plain')
          .describe(
            'text/plain for Docs and Slides, text/csv for a Sheet, text/markdown for Docs.',
          ),
      }),
      query: ({ mime_type }) => ({ mimeType: mime_type }),
      result: (body) => {
        const text = typeof body === 'string' ? body : JSON.stringify(body);
        return { text: text.slice(0, MAX_TEXT_CHARS), truncated: text.length > MAX_TEXT_CHARS };
      },
      example: {
        input: { file_id: '1AbCdEfGhIjKlMnOpQrStUvWxYz012345', mime_type: 'text/plain' },
        request:
          'GET /drive/v3/files/1AbCdEfGhIjKlMnOpQrStUvWxYz012345/export?mimeType=text%2Fplain',
      },
    }),
    create_folder: defineAction({
      description: 'Create a folder, optionally inside another folder.',
      risk: 'write',
      method: 'POST',
      path: '/files',
      input: z.object({
        name: z.string().min(1).describe('Folder name.'),
        parent_id: fileId
          .optional()
          .describe('ID of the folder to create it in (My Drive when absent).'),
      }),
      query: () => ({ fields: FILE_FIELDS, supportsAllDrives: true }),
      body: ({ name, parent_id }) => ({
        name,
        mimeType: 'application/vnd.google-apps.folder',
        ...(parent_id ? { parents: [parent_id] } : {}),
      }),
      result: file,
      example: {
        input: { name: 'Incident 42' },
        request:
          'POST /drive/v3/files?fields=id%2Cname%2CmimeType%2CmodifiedTime%2Csize%2CwebViewLink%2Cparents&supportsAllDrives=true',
      },
    }),
  },
});
