import { z } from 'zod';
import { defineAction, defineIntegration } from '../../integration.js';
import { at, list, pick } from '../common.js';
import { googleAuth, googleFields } from '../vendors.js';

const spreadsheetId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{20,}$/)
  .describe('Spreadsheet ID, the long part of its URL after /d/.');
const range = z.string().min(1).describe('A1 range, such as Sheet1!A1:D20 or Sheet1.');
const rows = z
  .array(z.array(z.union([z.string(), z.number(), z.boolean()])))
  .min(1)
  .describe('Rows of cell values; text is read as if typed (formulas and dates work).');
/** Google's public "Class Data" sheet from its quickstarts: readable with any Sheets token. */
const SAMPLE_SPREADSHEET = '1BxiMVs0XRA5nFMdKvBdBZjgmUUqptlbs74OgvE2upms';
/** A made-up spreadsheet for the examples that write. */
const EXAMPLE_SPREADSHEET = '1AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_AbCdE';
const updated = (body: unknown) =>
  pick(at(body, 'updates') ?? body, ['updatedRange', 'updatedRows', 'updatedCells']);

export default defineIntegration({
  id: 'google-sheets',
  name: 'Google Sheets',
  category: 'docs',
  docsUrl: 'https://developers.google.com/workspace/sheets/api/reference/rest',
  apiVersion: 'v4',
  baseUrl: 'https://sheets.googleapis.com',
  auth: googleAuth,
  fields: googleFields,
  // 60 requests a minute per user.
  rateLimit: { requests: 50, perSeconds: 60 },
  testAction: 'check_access',
  actions: {
    check_access: defineAction({
      description:
        "Prove the token works by reading the title of Google's public sample spreadsheet.",
      risk: 'read',
      method: 'GET',
      path: `/v4/spreadsheets/${SAMPLE_SPREADSHEET}`,
      input: z.object({}),
      query: () => ({ fields: 'spreadsheetId,properties.title' }),
      result: (body) => pick(body, ['spreadsheetId', 'properties.title']),
      example: {
        input: {},
        request: `GET /v4/spreadsheets/${SAMPLE_SPREADSHEET}?fields=spreadsheetId%2Cproperties.title`,
      },
    }),
    get_spreadsheet: defineAction({
      description: 'Read the title of a spreadsheet and the names and sizes of its sheets.',
      risk: 'read',
      method: 'GET',
      path: '/v4/spreadsheets/{spreadsheet_id}',
      input: z.object({ spreadsheet_id: spreadsheetId }),
      query: () => ({ fields: 'properties.title,sheets.properties(sheetId,title,gridProperties)' }),
      result: (body) => ({
        title: at(body, 'properties.title'),
        sheets: list(body, 'sheets').map((sheet) =>
          pick(sheet, [
            'sheetId:properties.sheetId',
            'title:properties.title',
            'rows:properties.gridProperties.rowCount',
            'columns:properties.gridProperties.columnCount',
          ]),
        ),
      }),
      example: {
        input: { spreadsheet_id: SAMPLE_SPREADSHEET },
        request: `GET /v4/spreadsheets/${SAMPLE_SPREADSHEET}?fields=properties.title%2Csheets.properties%28sheetId%2Ctitle%2CgridProperties%29`,
      },
    }),
    read_values: defineAction({
      description: 'Read the cell values of a range, row by row.',
      risk: 'read',
      method: 'GET',
      path: '/v4/spreadsheets/{spreadsheet_id}/values/{range}',
      input: z.object({ spreadsheet_id: spreadsheetId, range }),
      result: (body) => pick(body, ['range', 'values']),
      example: {
        input: { spreadsheet_id: SAMPLE_SPREADSHEET, range: 'Class Data!A2:E' },
        request: `GET /v4/spreadsheets/${SAMPLE_SPREADSHEET}/values/Class%20Data!A2%3AE`,
      },
    }),
    append_rows: defineAction({
      description: 'Add rows after the last row of a table in a sheet.',
      risk: 'write',
      method: 'POST',
      path: '/v4/spreadsheets/{spreadsheet_id}/values/{range}:append',
      input: z.object({ spreadsheet_id: spreadsheetId, range, values: rows }),
      query: () => ({ valueInputOption: 'USER_ENTERED', insertDataOption: 'INSERT_ROWS' }),
      body: ['values'],
      result: updated,
      example: {
        input: {
          spreadsheet_id: EXAMPLE_SPREADSHEET,
          range: 'Sheet1',
          values: [['2026-11-25', 42]],
        },
        request: `POST /v4/spreadsheets/${EXAMPLE_SPREADSHEET}/values/Sheet1:append?valueInputOption=USER_ENTERED&insertDataOption=INSERT_ROWS`,
      },
    }),
    update_values: defineAction({
      description: 'Overwrite the cells of a range with new values.',
      risk: 'write',
      method: 'PUT',
      path: '/v4/spreadsheets/{spreadsheet_id}/values/{range}',
      input: z.object({ spreadsheet_id: spreadsheetId, range, values: rows }),
      query: () => ({ valueInputOption: 'USER_ENTERED' }),
      body: ['values'],
      result: updated,
      example: {
        input: { spreadsheet_id: EXAMPLE_SPREADSHEET, range: 'Sheet1!B2', values: [['done']] },
        request: `PUT /v4/spreadsheets/${EXAMPLE_SPREADSHEET}/values/Sheet1!B2?valueInputOption=USER_ENTERED`,
      },
    }),
    clear_values: defineAction({
      description: 'Erase the values of a range (formatting stays).',
      risk: 'destructive',
      method: 'POST',
      path: '/v4/spreadsheets/{spreadsheet_id}/values/{range}:clear',
      input: z.object({ spreadsheet_id: spreadsheetId, range }),
      body: () => ({}),
      result: (body) => pick(body, ['clearedRange']),
      example: {
        input: { spreadsheet_id: EXAMPLE_SPREADSHEET, range: 'Sheet1!A2:D100' },
        request: `POST /v4/spreadsheets/${EXAMPLE_SPREADSHEET}/values/Sheet1!A2%3AD100:clear`,
      },
    }),
  },
});
