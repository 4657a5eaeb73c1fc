import { z } from 'zod';
import { booleanText, durationText, field, portNumber } from './field.js';

export const serverConfig = {
  port: field('PORT', portNumber, { default: '8080', doc: 'Port of the dashboard and API.' }),
  host: field('HOST', z.string().min(1), {
    default: '127.0.0.1',
    doc: 'Address to listen on; 0.0.0.0 inside a container behind the proxy.',
  }),
  dashboardDir: field('DASHBOARD_DIR', z.string().min(1).optional(), {
    doc: 'Folder of the built dashboard; unset: packages/dashboard/dist beside the runtime.',
  }),
  requestTimeoutMs: field('REQUEST_TIMEOUT', durationText(1_000, 600_000), {
    default: '30s',
    doc: 'Longest a client may take to send a whole request (headers and body); a slower one is cut with 408. Replies and event streams are not limited.',
  }),
  replicaId: field(
    'REPLICA_ID',
    z
      .string()
      .regex(/^[A-Za-z0-9._-]{1,64}$/, 'letters, digits, dot, dash or underscore (up to 64)')
      .optional(),
    {
      doc: 'Name of this replica in the X-Agent-Replica response header and its journal files; unset: the host name.',
    },
  ),
  trustProxy: field('TRUST_PROXY', booleanText, {
    default: 'false',
    doc: 'Trust X-Forwarded-* headers (client IP, HTTPS) from a reverse proxy in front.',
  }),
  logLevel: field(
    'LOG_LEVEL',
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
    {
      default: 'info',
      doc: 'Log level: fatal, error, warn, info, debug, trace or silent.',
    },
  ),
  metricsPort: field('METRICS_PORT', portNumber, {
    default: '9464',
    doc: 'Port of the Prometheus metrics endpoint (internal network only); 0 turns it off.',
  }),
};
