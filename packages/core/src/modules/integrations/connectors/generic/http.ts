import { z } from 'zod';
import { defineAction, defineIntegration } from '../../integration.js';

const path = z
  .string()
  .max(2000)
  .default('')
  .describe('Path under the base URL, such as "v1/items/42" (no host, no "..")');
const query = z
  .record(z.string(), z.union([z.string(), z.number(), z.boolean()]))
  .optional()
  .describe('Query parameters');
const body = z
  .union([z.record(z.string(), z.unknown()), z.array(z.unknown())])
  .optional()
  .describe('JSON body');

const read = z.object({ path, query });
const write = z.object({ path, query, body });
type Write = z.infer<typeof write>;

const writeAction = (method: 'POST' | 'PUT' | 'PATCH', description: string) =>
  defineAction<Write>({
    description,
    risk: 'write',
    method,
    path: '/{path*}',
    input: write,
    query: (input) => input.query ?? {},
    body: (input) => input.body,
    example: {
      input: { path: 'v1/items', body: { name: 'example' } },
      request: `${method} /v1/items`,
    },
  });

/**
 * Any HTTP API the operator names: the base URL is theirs to set (it may be on the LAN), the
 * model only picks the path below it. The Authorization header is whatever the operator enters
 * (`Bearer ...`, `Basic ...`, `Token ...`), or nothing.
 */
export default defineIntegration({
  id: 'http',
  name: 'Generic HTTP API',
  category: 'generic',
  docsUrl: 'https://www.rfc-editor.org/rfc/rfc9110',
  apiVersion: 'HTTP/1.1',
  baseUrl: 'https://api.example.com',
  baseUrlOverride: 'required',
  auth: {
    type: 'api_key',
    placements: [{ in: 'header', name: 'Authorization', field: 'authorization' }],
  },
  fields: [
    {
      name: 'authorization',
      label: 'Authorization header value',
      secret: true,
      optional: true,
      example: 'Bearer example-generic-token-0000',
    },
  ],
  testAction: 'get',
  actions: {
    get: defineAction<z.infer<typeof read>>({
      description: 'GET a path under the base URL; returns JSON or text.',
      risk: 'read',
      method: 'GET',
      path: '/{path*}',
      input: read,
      query: (input) => input.query ?? {},
      example: {
        input: { path: 'v1/items', query: { limit: 10 } },
        request: 'GET /v1/items?limit=10',
      },
    }),
    post: writeAction('POST', 'POST a JSON body to a path under the base URL.'),
    put: writeAction('PUT', 'PUT a JSON body to a path under the base URL.'),
    patch: writeAction('PATCH', 'PATCH a path under the base URL with a JSON body.'),
    delete: defineAction<z.infer<typeof read>>({
      description: 'DELETE a path under the base URL.',
      risk: 'destructive',
      method: 'DELETE',
      path: '/{path*}',
      input: read,
      query: (input) => input.query ?? {},
      example: { input: { path: 'v1/items/42' }, request: 'DELETE /v1/items/42' },
    }),
  },
});
