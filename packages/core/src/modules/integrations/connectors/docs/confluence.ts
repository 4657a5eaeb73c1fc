import { z } from 'zod';
import { defineAction, defineIntegration } from '../../integration.js';
import { at, list, pageSize, pick } from '../common.js';
import { atlassianAuth, atlassianFields, atlassianSite } from '../vendors.js';

const id = z.string().regex(/^\d+$/);

/** Storage format is XHTML; the model reads it as text, one block a line. */
const storageText = (xhtml: unknown) =>
  String(xhtml ?? '')
    .replace(/<\/(p|h[1-6]|li|tr|div)>|<br\s*\/?>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

const page = (value: unknown) => ({
  ...pick(value, ['id', 'title', 'spaceId', 'parentId', 'status', 'version.number']),
  url: at(value, '_links.webui'),
});

export default defineIntegration({
  id: 'confluence',
  name: 'Confluence',
  category: 'docs',
  docsUrl: 'https://developer.atlassian.com/cloud/confluence/rest/v2/intro/',
  apiVersion: '2',
  // Confluence Cloud site; override for a different host name.
  baseUrl: 'https://{site}.atlassian.net',
  baseUrlOverride: 'optional',
  auth: atlassianAuth,
  fields: [atlassianSite, ...atlassianFields],
  testAction: 'list_spaces',
  actions: {
    list_spaces: defineAction({
      description: 'List the spaces, with the IDs that other actions need.',
      risk: 'read',
      method: 'GET',
      path: '/wiki/api/v2/spaces',
      input: z.object({ limit: pageSize(250, 'spaces') }),
      query: ['limit'],
      result: (body) =>
        list(body, 'results').map((space) => pick(space, ['id', 'key', 'name', 'type'])),
      example: { input: { limit: 25 }, request: 'GET /wiki/api/v2/spaces?limit=25' },
    }),
    search: defineAction({
      description: 'Find pages with a CQL query, such as text ~ "runbook" AND type = page.',
      risk: 'read',
      method: 'GET',
      path: '/wiki/rest/api/search',
      input: z.object({
        cql: z.string().min(1).describe('Confluence Query Language.'),
        limit: pageSize(100, 'results'),
      }),
      query: ['cql', 'limit'],
      result: (body) =>
        list(body, 'results').map((result) => ({
          ...pick(result, ['title', 'excerpt', 'url', 'lastModified']),
          id: at(result, 'content.id'),
          type: at(result, 'content.type'),
        })),
      example: {
        input: { cql: 'type=page', limit: 10 },
        request: 'GET /wiki/rest/api/search?cql=type%3Dpage&limit=10',
      },
    }),
    get_page: defineAction({
      description: 'Read a page as text.',
      risk: 'read',
      method: 'GET',
      path: '/wiki/api/v2/pages/{page_id}',
      input: z.object({ page_id: id.describe('Page ID.') }),
      query: () => ({ 'body-format': 'storage' }),
      result: (body) => ({ ...page(body), text: storageText(at(body, 'body.storage.value')) }),
      example: {
        input: { page_id: '98765' },
        request: 'GET /wiki/api/v2/pages/98765?body-format=storage',
      },
    }),
    list_pages: defineAction({
      description: 'List the pages of a space.',
      risk: 'read',
      method: 'GET',
      path: '/wiki/api/v2/spaces/{space_id}/pages',
      input: z.object({
        space_id: id.describe('Space ID (from list_spaces).'),
        limit: pageSize(250, 'pages'),
      }),
      query: ['limit'],
      result: (body) => list(body, 'results').map(page),
      example: {
        input: { space_id: '12345', limit: 50 },
        request: 'GET /wiki/api/v2/spaces/12345/pages?limit=50',
      },
    }),
    create_page: defineAction({
      description: 'Publish a page in a space, optionally under a parent page.',
      risk: 'write',
      method: 'POST',
      path: '/wiki/api/v2/pages',
      input: z.object({
        space_id: id.describe('Space ID (from list_spaces).'),
        title: z.string().min(1).max(255).describe('Page title.'),
        storage_body: z
          .string()
          .describe('Page content in storage format (XHTML), such as <p>Hello</p>.'),
        parent_id: id.optional().describe('ID of the parent page (the space home when absent).'),
      }),
      body: ({ space_id, title, storage_body, parent_id }) => ({
        spaceId: space_id,
        status: 'current',
        title,
        parentId: parent_id,
        body: { representation: 'storage', value: storage_body },
      }),
      result: page,
      example: {
        input: { space_id: '12345', title: 'Incident 42', storage_body: '<p>Timeline</p>' },
        request: 'POST /wiki/api/v2/pages',
      },
    }),
    add_comment: defineAction({
      description: 'Add a comment at the bottom of a page.',
      risk: 'write',
      method: 'POST',
      path: '/wiki/api/v2/footer-comments',
      input: z.object({
        page_id: id.describe('Page ID.'),
        text: z.string().min(1).describe('Comment text.'),
      }),
      body: ({ page_id, text }) => ({
        pageId: page_id,
        body: {
          representation: 'storage',
          value: `<p>${text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}</p>`,
        },
      }),
      result: (body) => pick(body, ['id', 'version.createdAt']),
      example: {
        input: { page_id: '98765', text: 'Checked, all good.' },
        request: 'POST /wiki/api/v2/footer-comments',
      },
    }),
  },
});
