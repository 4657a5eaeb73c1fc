import { z } from 'zod';
import { defineAction, defineIntegration } from '../../integration.js';
import { list, pageSize, pick } from '../common.js';

const baseId = z
  .string()
  .regex(/^app[A-Za-z0-9]{14}$/)
  .describe('Base ID, such as appXXXXXXXXXXXXXX.');
const table = z.string().min(1).describe('Table ID (tblXXXXXXXXXXXXXX) or table name.');
const fields = z.record(z.string(), z.unknown()).describe('Field values by field name.');
const records = (body: unknown) => ({
  ...pick(body, ['offset']),
  records: list(body, 'records').map((record) => pick(record, ['id', 'createdTime', 'fields'])),
});

export default defineIntegration({
  id: 'airtable',
  name: 'Airtable',
  category: 'docs',
  docsUrl: 'https://airtable.com/developers/web/api/introduction',
  apiVersion: 'v0',
  baseUrl: 'https://api.airtable.com/v0',
  auth: { type: 'bearer', field: 'token' },
  fields: [
    {
      name: 'token',
      label: 'Personal access token',
      secret: true,
      format: /^pat[A-Za-z0-9]{14}\.[0-9a-f]{64}$/,
      example: 'patAbCdEf01234567.0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
    },
  ],
  // Five requests a second per base.
  rateLimit: { requests: 5, perSeconds: 1 },
  testAction: 'whoami',
  actions: {
    whoami: defineAction({
      description: 'Name the user the token belongs to and its scopes.',
      risk: 'read',
      method: 'GET',
      path: '/meta/whoami',
      input: z.object({}),
      result: (body) => pick(body, ['id', 'email', 'scopes']),
      example: { input: {}, request: 'GET /v0/meta/whoami' },
    }),
    list_bases: defineAction({
      description: 'List the bases the token can reach.',
      risk: 'read',
      method: 'GET',
      path: '/meta/bases',
      input: z.object({ offset: z.string().optional().describe('offset of the previous page.') }),
      query: ['offset'],
      result: (body) => ({
        ...pick(body, ['offset']),
        bases: list(body, 'bases').map((base) => pick(base, ['id', 'name', 'permissionLevel'])),
      }),
      example: { input: {}, request: 'GET /v0/meta/bases' },
    }),
    list_tables: defineAction({
      description: 'List the tables of a base with their fields.',
      risk: 'read',
      method: 'GET',
      path: '/meta/bases/{base_id}/tables',
      input: z.object({ base_id: baseId }),
      result: (body) =>
        list(body, 'tables').map((tableSchema) => ({
          ...pick(tableSchema, ['id', 'name', 'primaryFieldId']),
          fields: list(tableSchema, 'fields').map((field) => pick(field, ['id', 'name', 'type'])),
        })),
      example: {
        input: { base_id: 'appAbCdEf01234567' },
        request: 'GET /v0/meta/bases/appAbCdEf01234567/tables',
      },
    }),
    list_records: defineAction({
      description: 'List the records of a table, optionally filtered by a formula.',
      risk: 'read',
      method: 'GET',
      path: '/{base_id}/{table}',
      input: z.object({
        base_id: baseId,
        table,
        filter_by_formula: z
          .string()
          .optional()
          .describe("Airtable formula, such as {Status} = 'Open'."),
        view: z.string().optional().describe('View name or ID to read through.'),
        page_size: pageSize(100, 'records'),
        offset: z.string().optional().describe('offset of the previous page.'),
      }),
      query: ({ filter_by_formula, view, page_size, offset }) => ({
        filterByFormula: filter_by_formula,
        view,
        pageSize: page_size,
        offset,
      }),
      result: records,
      example: {
        input: { base_id: 'appAbCdEf01234567', table: 'Tasks', page_size: 20 },
        request: 'GET /v0/appAbCdEf01234567/Tasks?pageSize=20',
      },
    }),
    create_records: defineAction({
      description: 'Add up to 10 records to a table.',
      risk: 'write',
      method: 'POST',
      path: '/{base_id}/{table}',
      input: z.object({
        base_id: baseId,
        table,
        records: z.array(fields).min(1).max(10).describe('The new records, as field values.'),
      }),
      body: ({ records: rows }) => ({
        records: rows.map((row) => ({ fields: row })),
        typecast: true,
      }),
      result: records,
      example: {
        input: {
          base_id: 'appAbCdEf01234567',
          table: 'Tasks',
          records: [{ Name: 'Renew certificate' }],
        },
        request: 'POST /v0/appAbCdEf01234567/Tasks',
      },
    }),
    update_records: defineAction({
      description: 'Change fields of up to 10 records; fields not named stay as they are.',
      risk: 'write',
      method: 'PATCH',
      path: '/{base_id}/{table}',
      input: z.object({
        base_id: baseId,
        table,
        records: z
          .array(
            z.object({
              id: z
                .string()
                .regex(/^rec[A-Za-z0-9]{14}$/)
                .describe('Record ID.'),
              fields,
            }),
          )
          .min(1)
          .max(10)
          .describe('The records to change.'),
      }),
      body: ({ records: rows }) => ({ records: rows, typecast: true }),
      result: records,
      example: {
        input: {
          base_id: 'appAbCdEf01234567',
          table: 'Tasks',
          records: [{ id: 'recAbCdEf01234567', fields: { Status: 'Done' } }],
        },
        request: 'PATCH /v0/appAbCdEf01234567/Tasks',
      },
    }),
  },
});
