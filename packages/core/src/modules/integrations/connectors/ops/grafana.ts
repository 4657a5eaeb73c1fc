import { z } from 'zod';
import { defineAction, defineIntegration } from '../../integration.js';
import { list, pick, pickEach } from '../common.js';

const searchDashboards = z.object({
  query: z.string().optional().describe('Words in the dashboard title'),
  tag: z.string().optional().describe('Only dashboards with this tag'),
  limit: z.number().int().min(1).max(5000).default(50).describe('Dashboards to return'),
});
const dashboard = z.object({ uid: z.string().min(1).describe('Dashboard UID (search shows it)') });
const firingAlerts = z.object({
  filter: z
    .string()
    .optional()
    .describe('A label matcher such as severity="critical" (Alertmanager syntax)'),
});
const annotation = z.object({
  text: z.string().min(1).describe('Annotation text'),
  tags: z.array(z.string()).optional().describe('Tags, such as ["deploy"]'),
  dashboardUID: z.string().optional().describe('Dashboard UID; omit for an organization-wide one'),
  time: z.number().int().optional().describe('Epoch milliseconds (default now)'),
});

/**
 * Grafana's HTTP API on a self-hosted Grafana (set the base URL, it may be in the LAN) or a
 * Grafana Cloud stack. The token is a service account token with the Viewer role for the reads
 * and Editor for annotations.
 */
export default defineIntegration({
  id: 'grafana',
  name: 'Grafana',
  category: 'ops',
  docsUrl: 'https://grafana.com/docs/grafana/latest/developer-resources/api-reference/http-api/',
  apiVersion: 'legacy /api (Grafana 11-13)',
  baseUrl: 'https://{stack}.grafana.net',
  baseUrlOverride: 'optional',
  auth: { type: 'bearer', field: 'token' },
  fields: [
    {
      name: 'token',
      label: 'Service account token (Administration > Service accounts)',
      secret: true,
      format: /^glsa_[A-Za-z0-9]{32}_[0-9a-f]{8}$/,
      example: 'glsa_Ex4mpleEx4mpleEx4mpleEx4mple0000_0a1b2c3d',
    },
    {
      name: 'stack',
      label: 'Grafana Cloud stack name (leave empty when the base URL is your own Grafana)',
      secret: false,
      optional: true,
      example: 'acme',
    },
  ],
  testAction: 'get_org',
  actions: {
    get_org: defineAction<Record<string, never>>({
      description: 'The current organization (proves the token).',
      risk: 'read',
      method: 'GET',
      path: '/api/org',
      input: z.object({}),
      example: { input: {}, request: 'GET /api/org' },
    }),
    search_dashboards: defineAction<z.input<typeof searchDashboards>>({
      description: 'Find dashboards by title or tag.',
      risk: 'read',
      method: 'GET',
      path: '/api/search',
      input: searchDashboards,
      query: (input) => ({
        query: input.query,
        tag: input.tag,
        type: 'dash-db',
        limit: input.limit,
      }),
      result: (body) => pickEach(body, ['uid', 'title', 'folderTitle', 'tags', 'url']),
      example: {
        input: { query: 'node exporter', limit: 10 },
        request: 'GET /api/search?query=node+exporter&type=dash-db&limit=10',
      },
    }),
    get_dashboard: defineAction<z.infer<typeof dashboard>>({
      description: "A dashboard's panels and their queries.",
      risk: 'read',
      method: 'GET',
      path: '/api/dashboards/uid/{uid}',
      input: dashboard,
      result: (body) => ({
        ...pick(body, ['dashboard.uid', 'dashboard.title', 'dashboard.tags', 'meta.url']),
        panels: list(body, 'dashboard.panels').map((panel) => ({
          ...pick(panel, ['id', 'title', 'type', 'datasource:datasource.uid']),
          queries: pickEach(panel, ['refId', 'expr', 'query', 'rawSql'], 'targets'),
        })),
      }),
      example: { input: { uid: 'rYdddlPWk' }, request: 'GET /api/dashboards/uid/rYdddlPWk' },
    }),
    list_firing_alerts: defineAction<z.infer<typeof firingAlerts>>({
      description: 'Alerts firing now in Grafana Alerting, with labels and summaries.',
      risk: 'read',
      method: 'GET',
      path: '/api/alertmanager/grafana/api/v2/alerts',
      input: firingAlerts,
      query: (input) => ({ active: true, filter: input.filter }),
      result: (body) =>
        pickEach(body, ['labels', 'annotations.summary', 'status.state', 'startsAt']),
      example: {
        input: { filter: 'severity="critical"' },
        request:
          'GET /api/alertmanager/grafana/api/v2/alerts?active=true&filter=severity%3D%22critical%22',
      },
    }),
    list_alert_rules: defineAction<Record<string, never>>({
      description: 'The alert rules (title, folder, group, paused or not).',
      risk: 'read',
      method: 'GET',
      path: '/api/v1/provisioning/alert-rules',
      input: z.object({}),
      result: (body) =>
        pickEach(body, ['uid', 'title', 'folderUID', 'ruleGroup', 'isPaused', 'labels']),
      example: { input: {}, request: 'GET /api/v1/provisioning/alert-rules' },
    }),
    create_annotation: defineAction<z.infer<typeof annotation>>({
      description: 'Mark an event (a deploy, an incident) on the graphs.',
      risk: 'write',
      method: 'POST',
      path: '/api/annotations',
      input: annotation,
      body: ['text', 'tags', 'dashboardUID', 'time'],
      example: {
        input: { text: 'Deployed api 2.4.1', tags: ['deploy'] },
        request: 'POST /api/annotations',
      },
    }),
  },
});
