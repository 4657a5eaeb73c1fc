import { z } from 'zod';
import { durationText, field } from './field.js';

export const authConfig = {
  dashboardUser: field(
    'DASHBOARD_USER',
    z
      .string()
      .regex(/^[A-Za-z0-9._@-]{1,64}$/, 'must be 1-64 letters, digits or ._@-')
      .optional(),
    {
      doc: 'Admin user name; with DASHBOARD_PASSWORD it is applied at every boot. Unset: admin.',
    },
  ),
  dashboardPassword: field(
    'DASHBOARD_PASSWORD',
    z.string().min(8, 'must be at least 8 characters').max(256).optional(),
    {
      doc: 'Admin password; unset on first boot prints a generated one once to stderr.',
      secret: true,
    },
  ),
  dashboardSecret: field(
    'DASHBOARD_SECRET',
    z.string().min(32, 'must be at least 32 characters').optional(),
    {
      doc: 'Signs sessions and CSRF tokens and keys the vault; unset generates DATA_DIR/.secret.',
      secret: true,
    },
  ),
  messagingUser: field(
    'MESSAGING_USER',
    z.string().regex(/^[A-Za-z0-9._@-]{1,64}$/, 'must be 1-64 letters, digits or ._@-'),
    {
      default: 'messaging',
      doc: 'Account agent-messaging signs in with (it acts for the operator; audit rows name it).',
    },
  ),
  messagingPassword: field(
    'MESSAGING_PASSWORD',
    z.string().min(16, 'must be at least 16 characters').max(256).optional(),
    {
      doc: 'Password of the MESSAGING_USER account; unset: no such account (the bridge is off).',
      secret: true,
    },
  ),
  sessionTtlMs: field('SESSION_TTL', durationText(1_000), {
    default: '7d',
    doc: 'Session lifetime, such as 12h or 7d.',
  }),
};
