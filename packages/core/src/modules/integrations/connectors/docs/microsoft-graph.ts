import { z } from 'zod';
import { defineAction, defineIntegration } from '../../integration.js';
import { at, list, pick } from '../common.js';

const dateTime = z.iso.datetime({ offset: true });
const MESSAGE_FIELDS = 'subject,from,receivedDateTime,isRead,bodyPreview,webLink';
const EVENT_FIELDS = 'subject,start,end,location,organizer,webLink';

const message = (value: unknown) => ({
  ...pick(value, ['id', 'subject', 'receivedDateTime', 'isRead', 'bodyPreview', 'webLink']),
  from: at(value, 'from.emailAddress.address'),
});
const event = (value: unknown) => ({
  ...pick(value, ['id', 'subject', 'webLink']),
  start: at(value, 'start.dateTime'),
  end: at(value, 'end.dateTime'),
  timeZone: at(value, 'start.timeZone'),
  location: at(value, 'location.displayName'),
  organizer: at(value, 'organizer.emailAddress.address'),
});

export default defineIntegration({
  id: 'microsoft-graph',
  name: 'Microsoft 365 (Graph)',
  category: 'docs',
  docsUrl: 'https://learn.microsoft.com/en-us/graph/api/overview?view=graph-rest-1.0',
  apiVersion: 'v1.0',
  baseUrl: 'https://graph.microsoft.com/v1.0',
  auth: {
    type: 'oauth2',
    tokenUrl: 'https://login.microsoftonline.com/{tenant}/oauth2/v2.0/token',
    clientIdField: 'client_id',
    clientSecretField: 'client_secret',
    refreshTokenField: 'refresh_token',
    // `.default` asks again for exactly what the app was granted, whatever that is.
    scopes: ['https://graph.microsoft.com/.default', 'offline_access'],
  },
  fields: [
    {
      name: 'tenant',
      label: 'Directory (tenant) ID or domain; "common" for multi-tenant apps',
      secret: false,
      format: /^[A-Za-z0-9.-]+$/,
      example: 'contoso.onmicrosoft.com',
      default: 'common',
    },
    {
      name: 'client_id',
      label: 'Application (client) ID',
      secret: false,
      format: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
      example: '6731de76-14a6-49ae-97bc-6eba6914391e',
    },
    {
      name: 'client_secret',
      label: 'Client secret value',
      secret: true,
      format: /^[A-Za-z0-9._~-]{32,48}$/,
      example: 'Xy8Q~AbCdEfGhIjKlMnOpQrStUvWxYz0123456789',
    },
    {
      name: 'refresh_token',
      label: 'Refresh token',
      secret: true,
      format: /^\S{40,}$/,
      example: '0.AXoAbCdEfGhIjKlMnOpQrStUvWxYz0123456789AbCdEfGhIjKlMnOpQrSt-AbCdEf',
    },
  ],
  // Outlook allows 10,000 requests per 10 minutes per mailbox.
  rateLimit: { requests: 600, perSeconds: 60 },
  testAction: 'me',
  actions: {
    me: defineAction({
      description: 'Name the user the token belongs to.',
      risk: 'read',
      method: 'GET',
      path: '/me',
      input: z.object({}),
      query: () => ({ $select: 'displayName,mail,userPrincipalName' }),
      result: (body) => pick(body, ['displayName', 'mail', 'userPrincipalName']),
      example: {
        input: {},
        request: 'GET /v1.0/me?%24select=displayName%2Cmail%2CuserPrincipalName',
      },
    }),
    list_messages: defineAction({
      description: 'List the newest messages of the inbox.',
      risk: 'read',
      method: 'GET',
      path: '/me/mailFolders/inbox/messages',
      input: z.object({
        unread_only: z.boolean().optional().describe('Only unread messages.'),
        top: z.number().int().min(1).max(100).default(20).describe('How many (1-100).'),
      }),
      query: ({ unread_only, top }) => ({
        $filter: unread_only ? 'isRead eq false' : undefined,
        $orderby: 'receivedDateTime desc',
        $select: MESSAGE_FIELDS,
        $top: top,
      }),
      result: (body) => list(body, 'value').map(message),
      example: {
        input: { top: 20 },
        request:
          'GET /v1.0/me/mailFolders/inbox/messages?%24orderby=receivedDateTime+desc&%24select=subject%2Cfrom%2CreceivedDateTime%2CisRead%2CbodyPreview%2CwebLink&%24top=20',
      },
    }),
    send_mail: defineAction({
      description: 'Send an email from the user (kept in Sent Items).',
      risk: 'write',
      method: 'POST',
      path: '/me/sendMail',
      input: z.object({
        to: z.array(z.email()).min(1).describe('Recipient addresses.'),
        subject: z.string().min(1).describe('Subject line.'),
        text: z.string().describe('Body, plain text.'),
      }),
      body: ({ to, subject, text }) => ({
        message: {
          subject,
          body: { contentType: 'Text', content: text },
          toRecipients: to.map((address) => ({ emailAddress: { address } })),
        },
        saveToSentItems: true,
      }),
      example: {
        input: { to: ['oncall@example.com'], subject: 'Deploy finished', text: 'All green.' },
        request: 'POST /v1.0/me/sendMail',
      },
    }),
    calendar_view: defineAction({
      description: "List the user's calendar events between two times, recurring ones expanded.",
      risk: 'read',
      method: 'GET',
      path: '/me/calendarView',
      input: z.object({
        start: dateTime.describe('Start of the window, ISO 8601.'),
        end: dateTime.describe('End of the window, ISO 8601.'),
        top: z.number().int().min(1).max(100).default(50).describe('How many (1-100).'),
      }),
      query: ({ start, end, top }) => ({
        startDateTime: start,
        endDateTime: end,
        $select: EVENT_FIELDS,
        $orderby: 'start/dateTime',
        $top: top,
      }),
      result: (body) => list(body, 'value').map(event),
      example: {
        input: { start: '2026-12-01T00:00:00Z', end: '2026-12-02T00:00:00Z', top: 50 },
        request:
          'GET /v1.0/me/calendarView?startDateTime=2026-12-01T00%3A00%3A00Z&endDateTime=2026-12-02T00%3A00%3A00Z&%24select=subject%2Cstart%2Cend%2Clocation%2Corganizer%2CwebLink&%24orderby=start%2FdateTime&%24top=50',
      },
    }),
    list_drive_items: defineAction({
      description: "List the files and folders at the top of the user's OneDrive, or in a folder.",
      risk: 'read',
      method: 'GET',
      path: '/me/drive/items/{item_id}/children',
      input: z.object({
        item_id: z
          .string()
          .regex(/^[A-Za-z0-9!]+$/)
          .default('root')
          .describe('Folder item ID; "root" (default) for the top.'),
      }),
      query: () => ({ $select: 'id,name,size,lastModifiedDateTime,webUrl,folder,file' }),
      result: (body) =>
        list(body, 'value').map((item) => ({
          ...pick(item, ['id', 'name', 'size', 'lastModifiedDateTime', 'webUrl']),
          folder: at(item, 'folder') !== undefined,
        })),
      example: {
        input: { item_id: 'root' },
        request:
          'GET /v1.0/me/drive/items/root/children?%24select=id%2Cname%2Csize%2ClastModifiedDateTime%2CwebUrl%2Cfolder%2Cfile',
      },
    }),
  },
});
