import { z } from 'zod';
import { defineAction, defineIntegration } from '../../integration.js';
import { at, list, pick, pickEach } from '../common.js';

const monitorFields = ['id', 'name', 'type', 'overall_state', 'query', 'tags', 'priority'];

const listMonitors = z.object({
  name: z.string().optional().describe('Words in the monitor name'),
  tags: z.string().optional().describe('Comma-separated scope tags, such as "env:prod"'),
  group_states: z
    .string()
    .optional()
    .describe('Group states to include, such as "alert,warn" (or "all")'),
  page_size: z.number().int().min(1).max(1000).default(25).describe('Monitors per page'),
});
const monitor = z.object({ monitor_id: z.number().int().describe('Monitor ID') });
const queryMetrics = z.object({
  query: z.string().min(1).describe('Metric query, such as "avg:system.cpu.user{env:prod}"'),
  from: z.number().int().describe('Start, seconds since the Unix epoch'),
  to: z.number().int().describe('End, seconds since the Unix epoch'),
});
const searchLogs = z.object({
  query: z.string().default('*').describe('Log search, such as "service:api status:error"'),
  from: z.string().default('now-15m').describe('Start: ISO 8601, epoch ms or "now-15m"'),
  to: z.string().default('now').describe('End: ISO 8601, epoch ms or "now"'),
  limit: z.number().int().min(1).max(1000).default(50).describe('Logs to return'),
});
const postEvent = z.object({
  title: z.string().min(1).max(100).describe('Event title'),
  text: z.string().min(1).max(4000).describe('Event body (markdown allowed)'),
  alert_type: z.enum(['error', 'warning', 'info', 'success']).optional().describe('Severity'),
  tags: z.array(z.string()).optional().describe('Tags, such as ["env:prod"]'),
});

/** Datadog on any of its sites (US1 datadoghq.com, EU datadoghq.eu, US3, US5, AP1, ...). */
export default defineIntegration({
  id: 'datadog',
  name: 'Datadog',
  category: 'ops',
  docsUrl: 'https://docs.datadoghq.com/api/latest/',
  apiVersion: 'v1 (logs search v2)',
  baseUrl: 'https://api.{site}',
  auth: {
    type: 'api_key',
    placements: [
      { in: 'header', name: 'DD-API-KEY', field: 'api_key' },
      { in: 'header', name: 'DD-APPLICATION-KEY', field: 'application_key' },
    ],
  },
  fields: [
    {
      name: 'api_key',
      label: 'API key (Organization settings > API keys)',
      secret: true,
      format: /^[0-9a-f]{32}$/,
      example: '0123456789abcdef0123456789abcdef',
    },
    {
      name: 'application_key',
      label: 'Application key (Organization settings > Application keys)',
      secret: true,
      format: /^[0-9a-f]{40}$/,
      example: 'fedcba9876543210fedcba9876543210fedcba98',
    },
    {
      name: 'site',
      label: 'Datadog site, such as datadoghq.com, datadoghq.eu or us5.datadoghq.com',
      secret: false,
      format:
        /^(datadoghq\.com|us3\.datadoghq\.com|us5\.datadoghq\.com|ap1\.datadoghq\.com|ap2\.datadoghq\.com|uk1\.datadoghq\.com|datadoghq\.eu|ddog-gov\.com|us2\.ddog-gov\.com)$/,
      example: 'datadoghq.com',
      default: 'datadoghq.com',
    },
  ],
  testAction: 'list_monitors',
  actions: {
    list_monitors: defineAction<z.input<typeof listMonitors>>({
      description: 'List monitors with their current state (OK, Alert, Warn, No Data).',
      risk: 'read',
      method: 'GET',
      path: '/api/v1/monitor',
      input: listMonitors,
      // Without `page`, Datadog ignores page_size and returns every monitor.
      query: (input) => ({ ...input, page: 0 }),
      result: (body) => pickEach(body, monitorFields),
      example: {
        input: { tags: 'env:prod', page_size: 25 },
        request: 'GET /api/v1/monitor?tags=env%3Aprod&page_size=25&page=0',
      },
    }),
    get_monitor: defineAction<z.infer<typeof monitor>>({
      description: "One monitor with its message and each group's state.",
      risk: 'read',
      method: 'GET',
      path: '/api/v1/monitor/{monitor_id}',
      input: monitor,
      query: () => ({ group_states: 'all' }),
      result: (body) => pick(body, [...monitorFields, 'message', 'state.groups']),
      example: {
        input: { monitor_id: 12345678 },
        request: 'GET /api/v1/monitor/12345678?group_states=all',
      },
    }),
    query_metrics: defineAction<z.infer<typeof queryMetrics>>({
      description: 'Query metric timeseries points over a time range.',
      risk: 'read',
      method: 'GET',
      path: '/api/v1/query',
      input: queryMetrics,
      query: ['from', 'to', 'query'],
      result: (body) => ({
        ...pick(body, ['status', 'error']),
        series: list(body, 'series').map((series) => ({
          ...pick(series, ['metric', 'scope', 'unit:unit.0.short_name']),
          // [epoch ms, value] pairs; the latest ones are what a question is usually about.
          points: list(series, 'pointlist').slice(-30),
        })),
      }),
      example: {
        input: { query: 'avg:system.cpu.user{*}', from: 1767225600, to: 1767229200 },
        request:
          'GET /api/v1/query?from=1767225600&to=1767229200&query=avg%3Asystem.cpu.user%7B*%7D',
      },
    }),
    search_logs: defineAction<z.input<typeof searchLogs>>({
      description: 'Search logs, newest first.',
      risk: 'read',
      method: 'POST',
      path: '/api/v2/logs/events/search',
      input: searchLogs,
      body: (input) => ({
        filter: { query: input.query, from: input.from, to: input.to },
        sort: '-timestamp',
        page: { limit: input.limit },
      }),
      result: (body) =>
        list(body, 'data').map((log) => {
          const message = at(log, 'attributes.message');
          return {
            ...pick(log, [
              'attributes.timestamp',
              'attributes.status',
              'attributes.service',
              'attributes.host',
            ]),
            message: typeof message === 'string' ? message.slice(0, 1000) : message,
          };
        }),
      example: {
        input: { query: 'service:api status:error', from: 'now-1h', limit: 50 },
        request: 'POST /api/v2/logs/events/search',
      },
    }),
    post_event: defineAction<z.infer<typeof postEvent>>({
      description: 'Post an event to the event stream (a deploy, a manual action).',
      risk: 'write',
      method: 'POST',
      path: '/api/v1/events',
      input: postEvent,
      body: ['title', 'text', 'alert_type', 'tags'],
      result: (body) => pick(body, ['status', 'event.id', 'event.url']),
      example: {
        input: { title: 'Deployed api 2.4.1', text: 'Rolled out by the agent', tags: ['env:prod'] },
        request: 'POST /api/v1/events',
      },
    }),
  },
});
