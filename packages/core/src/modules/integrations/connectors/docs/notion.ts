import { z } from 'zod';
import { defineAction, defineIntegration } from '../../integration.js';
import { at, list, pageSize, pick } from '../common.js';

const pageId = z
  .string()
  .regex(/^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i)
  .describe('Page ID (a UUID, with or without dashes).');

const plain = (richText: unknown) =>
  list(richText)
    .map((part) => at(part, 'plain_text'))
    .join('');

/** A page's title lives in whichever property has type "title"; a data source's in `title`. */
const title = (item: unknown) => {
  const properties = Object.values((at(item, 'properties') ?? {}) as Record<string, unknown>);
  const titleProperty = properties.find((property) => at(property, 'type') === 'title');
  return plain(titleProperty ? at(titleProperty, 'title') : at(item, 'title'));
};
const summary = (item: unknown) => ({
  ...pick(item, ['object', 'id', 'url', 'last_edited_time']),
  title: title(item),
});

export default defineIntegration({
  id: 'notion',
  name: 'Notion',
  category: 'docs',
  docsUrl: 'https://developers.notion.com/reference/intro',
  apiVersion: '2025-09-03',
  baseUrl: 'https://api.notion.com/v1',
  auth: { type: 'bearer', field: 'token' },
  headers: { 'Notion-Version': '2025-09-03' },
  fields: [
    {
      name: 'token',
      label: 'Internal integration secret',
      secret: true,
      format: /^(ntn_[A-Za-z0-9]{46}|secret_[A-Za-z0-9]{43})$/,
      example: 'ntn_0123456789AbCdEfGhIjKlMnOpQrStUvWxYz0123456789',
    },
  ],
  // An average of three requests a second per integration.
  rateLimit: { requests: 3, perSeconds: 1 },
  testAction: 'get_me',
  actions: {
    get_me: defineAction({
      description: 'Name the integration (bot user) the secret belongs to.',
      risk: 'read',
      method: 'GET',
      path: '/users/me',
      input: z.object({}),
      result: (body) => pick(body, ['id', 'name', 'type', 'bot.workspace_name']),
      example: { input: {}, request: 'GET /v1/users/me' },
    }),
    search: defineAction({
      description: 'Find pages and databases shared with the integration by title.',
      risk: 'read',
      method: 'POST',
      path: '/search',
      input: z.object({
        query: z.string().optional().describe('Words in the title; everything when absent.'),
        only: z.enum(['page', 'data_source']).optional().describe('Only pages, or only databases.'),
        page_size: pageSize(100, 'results'),
        start_cursor: z.string().optional().describe('next_cursor of the previous page.'),
      }),
      body: ({ query, only, page_size, start_cursor }) => ({
        query,
        page_size,
        start_cursor,
        ...(only ? { filter: { property: 'object', value: only } } : {}),
      }),
      result: (body) => ({
        ...pick(body, ['next_cursor']),
        results: list(body, 'results').map(summary),
      }),
      example: { input: { query: 'Runbook', page_size: 10 }, request: 'POST /v1/search' },
    }),
    read_page: defineAction({
      description: 'Read the content of a page as Markdown.',
      risk: 'read',
      method: 'GET',
      path: '/pages/{page_id}/markdown',
      input: z.object({ page_id: pageId }),
      result: (body) => pick(body, ['id', 'markdown', 'truncated']),
      example: {
        input: { page_id: '195de9221179449fab8075a27c979105' },
        request: 'GET /v1/pages/195de9221179449fab8075a27c979105/markdown',
      },
    }),
    create_page: defineAction({
      description: 'Create a page under another page, its content written in Markdown.',
      risk: 'write',
      method: 'POST',
      path: '/pages',
      input: z.object({
        parent_page_id: pageId.describe('ID of the page to create it under.'),
        title: z.string().min(1).max(2000).describe('Page title.'),
        markdown: z.string().optional().describe('Page content in Markdown.'),
      }),
      body: ({ parent_page_id, title: pageTitle, markdown }) => ({
        parent: { page_id: parent_page_id },
        properties: { title: { title: [{ text: { content: pageTitle } }] } },
        markdown,
      }),
      result: summary,
      example: {
        input: {
          parent_page_id: '195de9221179449fab8075a27c979105',
          title: 'Incident 42',
          markdown: '## Timeline',
        },
        request: 'POST /v1/pages',
      },
    }),
    append_to_page: defineAction({
      description: 'Add Markdown content at the end of a page.',
      risk: 'write',
      method: 'PATCH',
      path: '/pages/{page_id}/markdown',
      input: z.object({
        page_id: pageId,
        markdown: z.string().min(1).describe('Content to add, in Markdown.'),
      }),
      body: ({ markdown }) => ({ type: 'insert_content', insert_content: { content: markdown } }),
      result: (body) => pick(body, ['id', 'truncated']),
      example: {
        input: { page_id: '195de9221179449fab8075a27c979105', markdown: '- Restarted the worker' },
        request: 'PATCH /v1/pages/195de9221179449fab8075a27c979105/markdown',
      },
    }),
    query_database: defineAction({
      description: 'List the rows (pages) of a database data source, optionally filtered.',
      risk: 'read',
      method: 'POST',
      path: '/data_sources/{data_source_id}/query',
      input: z.object({
        data_source_id: pageId.describe('Data source ID (from search with only=data_source).'),
        filter: z.record(z.string(), z.unknown()).optional().describe('A Notion filter object.'),
        page_size: pageSize(100, 'rows'),
        start_cursor: z.string().optional().describe('next_cursor of the previous page.'),
      }),
      body: ['filter', 'page_size', 'start_cursor'],
      result: (body) => ({
        ...pick(body, ['next_cursor']),
        rows: list(body, 'results').map(summary),
      }),
      example: {
        input: { data_source_id: '248104cd477e80afbc30000bd28de8f9', page_size: 20 },
        request: 'POST /v1/data_sources/248104cd477e80afbc30000bd28de8f9/query',
      },
    }),
    add_comment: defineAction({
      description: 'Comment on a page.',
      risk: 'write',
      method: 'POST',
      path: '/comments',
      input: z.object({
        page_id: pageId,
        markdown: z.string().min(1).describe('Comment text (inline Markdown).'),
      }),
      body: ({ page_id, markdown }) => ({ parent: { page_id }, markdown }),
      result: (body) => pick(body, ['id', 'created_time']),
      example: {
        input: { page_id: '195de9221179449fab8075a27c979105', markdown: 'Checked, all good.' },
        request: 'POST /v1/comments',
      },
    }),
  },
});
