import { z } from 'zod';
import { defineAction, defineIntegration } from '../../integration.js';
import { at, pick, pickEach } from '../common.js';

const alertFields = [
  'id',
  'tinyId',
  'alias',
  'message',
  'status',
  'acknowledged',
  'priority',
  'createdAt',
  'owner',
  'tags',
];
const identifier = z.string().min(1).describe('Alert ID, tiny ID or alias');
const identifierType = z
  .enum(['id', 'tiny', 'alias'])
  .default('id')
  .describe('What the identifier is (default id)');
const note = z.string().max(25000).optional().describe('Note added to the alert');

const listAlerts = z.object({
  query: z
    .string()
    .default('status:open')
    .describe('Opsgenie search, such as "status:open AND priority:P1"'),
  limit: z.number().int().min(1).max(100).default(20).describe('Alerts to return (max 100)'),
});
const alert = z.object({ identifier, identifierType });
const alertAction = alert.extend({ note });
const createAlert = z.object({
  message: z.string().min(1).max(130).describe('Alert message (max 130 characters)'),
  alias: z.string().max(512).optional().describe('Key for de-duplication and later updates'),
  description: z.string().max(15000).optional().describe('Longer description'),
  priority: z.enum(['P1', 'P2', 'P3', 'P4', 'P5']).optional().describe('Priority (default P3)'),
  tags: z.array(z.string()).optional().describe('Tags'),
  entity: z.string().optional().describe('The domain of the alert, such as a server name'),
});
const onCalls = z.object({
  schedule: z.string().min(1).describe('Schedule name or ID'),
  scheduleIdentifierType: z.enum(['id', 'name']).default('name').describe('What schedule is'),
});

/**
 * Opsgenie alerts. An API-integration key can create, acknowledge and close alerts; the
 * on-call action needs a key with configuration read access. EU accounts use api.eu.opsgenie.com.
 * Alert changes are asynchronous: Opsgenie answers 202 with a requestId.
 */
export default defineIntegration({
  id: 'opsgenie',
  name: 'Opsgenie',
  category: 'ops',
  docsUrl: 'https://docs.opsgenie.com/docs/alert-api',
  apiVersion: 'v2',
  baseUrl: 'https://{api_host}',
  auth: {
    type: 'api_key',
    placements: [{ in: 'header', name: 'Authorization', field: 'api_key', prefix: 'GenieKey ' }],
  },
  fields: [
    {
      name: 'api_key',
      label: 'API key (an API integration, or API key management)',
      secret: true,
      format: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
      example: '0a1b2c3d-0000-4e5f-8a9b-0c1d2e3f4a5b',
    },
    {
      name: 'api_host',
      label: 'API host: api.opsgenie.com, or api.eu.opsgenie.com for EU accounts',
      secret: false,
      format: /^api(\.eu)?\.opsgenie\.com$/,
      example: 'api.opsgenie.com',
      default: 'api.opsgenie.com',
    },
  ],
  testAction: 'list_alerts',
  actions: {
    list_alerts: defineAction<z.input<typeof listAlerts>>({
      description: 'Search alerts, open ones by default, newest first.',
      risk: 'read',
      method: 'GET',
      path: '/v2/alerts',
      input: listAlerts,
      query: ['query', 'limit'],
      result: (body) => pickEach(body, alertFields, 'data'),
      example: {
        input: { query: 'status:open', limit: 20 },
        request: 'GET /v2/alerts?query=status%3Aopen&limit=20',
      },
    }),
    get_alert: defineAction<z.input<typeof alert>>({
      description: 'Get one alert with its description and details.',
      risk: 'read',
      method: 'GET',
      path: '/v2/alerts/{identifier}',
      input: alert,
      query: ['identifierType'],
      result: (body) =>
        pick(at(body, 'data'), [...alertFields, 'description', 'details', 'source', 'count']),
      example: {
        input: { identifier: 'api-latency-high', identifierType: 'alias' },
        request: 'GET /v2/alerts/api-latency-high?identifierType=alias',
      },
    }),
    create_alert: defineAction<z.infer<typeof createAlert>>({
      description: 'Create an alert (it notifies the responders).',
      risk: 'write',
      method: 'POST',
      path: '/v2/alerts',
      input: createAlert,
      body: ['message', 'alias', 'description', 'priority', 'tags', 'entity'],
      example: {
        input: { message: 'Backups failed on db-1', alias: 'backup-db-1', priority: 'P2' },
        request: 'POST /v2/alerts',
      },
    }),
    acknowledge_alert: defineAction<z.input<typeof alertAction>>({
      description: 'Acknowledge an alert.',
      risk: 'write',
      method: 'POST',
      path: '/v2/alerts/{identifier}/acknowledge',
      input: alertAction,
      query: ['identifierType'],
      body: (input) => ({ note: input.note }),
      example: {
        input: { identifier: 'backup-db-1', identifierType: 'alias', note: 'Looking into it' },
        request: 'POST /v2/alerts/backup-db-1/acknowledge?identifierType=alias',
      },
    }),
    close_alert: defineAction<z.input<typeof alertAction>>({
      description: 'Close an alert.',
      risk: 'write',
      method: 'POST',
      path: '/v2/alerts/{identifier}/close',
      input: alertAction,
      query: ['identifierType'],
      body: (input) => ({ note: input.note }),
      example: {
        input: { identifier: 'backup-db-1', identifierType: 'alias' },
        request: 'POST /v2/alerts/backup-db-1/close?identifierType=alias',
      },
    }),
    who_is_on_call: defineAction<z.input<typeof onCalls>>({
      description: 'Who is on call now for a schedule.',
      risk: 'read',
      method: 'GET',
      path: '/v2/schedules/{schedule}/on-calls',
      input: onCalls,
      query: (input) => ({ scheduleIdentifierType: input.scheduleIdentifierType, flat: true }),
      result: (body) => pick(body, ['schedule:data._parent.name', 'data.onCallRecipients']),
      example: {
        input: { schedule: 'platform', scheduleIdentifierType: 'name' },
        request: 'GET /v2/schedules/platform/on-calls?scheduleIdentifierType=name&flat=true',
      },
    }),
  },
});
