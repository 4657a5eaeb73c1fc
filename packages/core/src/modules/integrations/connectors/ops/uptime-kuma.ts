import { z } from 'zod';
import { defineAction, defineIntegration } from '../../integration.js';
import { at, list, pick } from '../common.js';

const STATUS = ['down', 'up', 'pending', 'maintenance'];
const LABEL = /(\w+)="((?:[^"\\]|\\.)*)"/g;
const SAMPLE = /^(monitor_status|monitor_response_time|monitor_cert_days_remaining)\{(.*)\} (\S+)$/;

/** The per-monitor gauges of the Prometheus text, one object per monitor. */
function monitorsOf(metrics: unknown) {
  const monitors = new Map<string, Record<string, unknown>>();
  for (const line of typeof metrics === 'string' ? metrics.split('\n') : []) {
    const sample = SAMPLE.exec(line);
    if (!sample) continue;
    const [, metric, labelText = '', value] = sample;
    const labels: Record<string, string | undefined> = Object.fromEntries(
      [...labelText.matchAll(LABEL)].map((match) => [match[1], match[2]]),
    );
    // Uptime Kuma 2 labels each monitor with its ID; 1.x only with its (not unique) name.
    const key = labels.monitor_id ?? labels.monitor_name ?? '';
    const monitor: Record<string, unknown> = monitors.get(key) ?? {
      id: labels.monitor_id,
      name: labels.monitor_name,
      type: labels.monitor_type,
      target: [labels.monitor_url, labels.monitor_hostname].find((t) => t && t !== 'null'),
    };
    const number = Number(value);
    if (metric === 'monitor_status') monitor.status = STATUS[number] ?? number;
    else if (metric === 'monitor_response_time') monitor.response_time_ms = number;
    else monitor.cert_days_remaining = number;
    monitors.set(key, monitor);
  }
  return [...monitors.values()];
}

const slug = z.object({
  slug: z.string().min(1).describe('Status page slug, as in /status/<slug>'),
});
const push = z.object({
  push_token: z.string().min(1).describe("The push monitor's token, from its Push URL"),
  status: z.enum(['up', 'down']).default('up').describe('Reported status'),
  msg: z.string().max(250).default('OK').describe('Message shown with the heartbeat'),
  ping: z.number().optional().describe('Response time to record, in milliseconds'),
});

/**
 * Uptime Kuma (self-hosted). Its HTTP surface is small: Prometheus metrics (every monitor's
 * status, response time and certificate expiry; needs an API key), published status pages and
 * their heartbeats, and push monitors. Adding, pausing or editing monitors, maintenance windows
 * and notifications exist only over its Socket.IO interface, so this connector cannot do them.
 */
export default defineIntegration({
  id: 'uptime-kuma',
  name: 'Uptime Kuma',
  category: 'ops',
  docsUrl: 'https://github.com/louislam/uptime-kuma/wiki/API-Keys',
  apiVersion: '2.x HTTP endpoints (metrics, status pages, push)',
  baseUrl: 'https://uptime-kuma.local',
  baseUrlOverride: 'required',
  // API keys go in the password of HTTP Basic; the user name is ignored.
  auth: { type: 'basic', username: '', passwordField: 'api_key' },
  fields: [
    {
      name: 'api_key',
      label: 'API key (Settings > API Keys)',
      secret: true,
      format: /^uk\d+_[A-Za-z0-9_-]+$/,
      example: 'uk1_Ex4mpleKumaKey000000000000000',
    },
  ],
  testAction: 'get_monitors',
  actions: {
    get_monitors: defineAction<Record<string, never>>({
      description: 'Every monitor with its status (up/down), response time and cert expiry.',
      risk: 'read',
      method: 'GET',
      path: '/metrics',
      input: z.object({}),
      headers: { Accept: 'text/plain' },
      result: monitorsOf,
      example: { input: {}, request: 'GET /metrics' },
    }),
    get_status_page: defineAction<z.infer<typeof slug>>({
      description: 'A published status page: its monitors, incident and maintenance.',
      risk: 'read',
      method: 'GET',
      path: '/api/status-page/{slug}',
      input: slug,
      result: (body) => ({
        ...pick(body, ['config.title', 'incident', 'maintenanceList']),
        groups: list(body, 'publicGroupList').map((group) => ({
          name: at(group, 'name'),
          monitors: list(group, 'monitorList').map((m) => pick(m, ['id', 'name'])),
        })),
      }),
      example: { input: { slug: 'public' }, request: 'GET /api/status-page/public' },
    }),
    get_status_page_heartbeats: defineAction<z.infer<typeof slug>>({
      description: "Latest heartbeat and 24-hour uptime of a status page's monitors.",
      risk: 'read',
      method: 'GET',
      path: '/api/status-page/heartbeat/{slug}',
      input: slug,
      result: (body) => {
        const beats = at(body, 'heartbeatList');
        const byMonitor = typeof beats === 'object' && beats !== null ? beats : {};
        return Object.entries(byMonitor).map(([id, list]) => {
          const latest = Array.isArray(list) ? list[list.length - 1] : undefined;
          const status = at(latest, 'status');
          return {
            monitor_id: id,
            status: typeof status === 'number' ? (STATUS[status] ?? status) : status,
            ...pick(latest, ['time', 'msg', 'ping']),
            uptime_24h: at(body, `uptimeList.${id}_24`),
          };
        });
      },
      example: { input: { slug: 'public' }, request: 'GET /api/status-page/heartbeat/public' },
    }),
    push_heartbeat: defineAction<z.input<typeof push>>({
      description: 'Report a heartbeat to a push monitor (a job that ran, or failed).',
      risk: 'write',
      method: 'GET',
      path: '/api/push/{push_token}',
      input: push,
      query: ['status', 'msg', 'ping'],
      example: {
        input: { push_token: 'Ex4mplePushT0ken', status: 'up', msg: 'OK', ping: 42 },
        request: 'GET /api/push/Ex4mplePushT0ken?status=up&msg=OK&ping=42',
      },
    }),
  },
});
