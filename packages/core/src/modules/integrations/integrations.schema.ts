import { z } from 'zod';
import { CAPABILITY_LEVELS } from '../skills/skill.js';
import { BREAKER_STATES } from './circuit-breaker.js';
import { INTEGRATION_CATEGORIES, RISK_LEVELS } from './integration.js';

export const integrationParams = z.object({
  integration_id: z.string().min(1).max(64).describe('Connector id, such as github'),
});
export const actionParams = integrationParams.extend({
  action: z.string().min(1).max(64),
});

const fieldSchema = z.object({
  name: z.string(),
  label: z.string(),
  secret: z.boolean(),
  optional: z.boolean(),
  set: z.boolean(),
  set_at: z.string().nullable().describe('When a secret was set'),
  last4: z.string().nullable().describe('Last four characters of a secret of 16 or more'),
  value: z.string().nullable().describe('A non-secret field; always null for a secret'),
  example: z.string().describe("A made-up value in the vendor's format"),
});

export const breakerSchema = z.object({
  state: z.enum(BREAKER_STATES),
  failures: z.number().int(),
  opened_at: z.string().nullable(),
  retry_after: z.number().int().describe('Seconds until a call may go through'),
});

const statsSchema = z.object({
  calls: z.number().int(),
  errors: z.number().int(),
  error_rate: z.number(),
  last_call_at: z.string().nullable(),
  last_error: z
    .object({ error: z.string(), message: z.string().nullable(), at: z.string() })
    .nullable(),
});

export const summarySchema = z.object({
  id: z.string(),
  name: z.string(),
  category: z.enum(INTEGRATION_CATEGORIES),
  source: z.enum(['builtin', 'dynamic']),
  docs_url: z.string().nullable(),
  api_version: z.string().nullable(),
  auth_type: z.string(),
  base_url: z.string().nullable(),
  default_base_url: z.string().nullable(),
  base_url_override: z.enum(['optional', 'required']).nullable(),
  base_url_overridden: z.boolean(),
  configured: z.boolean(),
  fields: z.array(fieldSchema),
  breaker: breakerSchema,
  stats: statsSchema.describe('Calls of the last 24 hours'),
  action_count: z.number().int(),
  test_action: z.string(),
});

export const detailSchema = summarySchema.extend({
  actions: z.array(
    z.object({
      name: z.string(),
      description: z.string(),
      risk: z.enum(RISK_LEVELS),
      default_risk: z.enum(RISK_LEVELS),
      level: z.enum(CAPABILITY_LEVELS),
      enabled: z.boolean(),
      needs_confirmation: z.boolean().describe('Under the current autonomy mode'),
      method: z.string().nullable(),
      path: z.string().nullable(),
      input_schema: z.unknown().describe('JSON Schema of params'),
    }),
  ),
  rate_limit: z.object({ requests: z.number(), perSeconds: z.number() }).nullable(),
});

export const listQuery = z.object({
  category: z.enum(INTEGRATION_CATEGORIES).optional(),
  configured: z.enum(['true', 'false']).optional(),
});

export const callsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const callSchema = z.object({
  call_id: z.string(),
  integration_id: z.string(),
  action: z.string(),
  source: z.enum(['api', 'skill', 'test']),
  actor: z.string(),
  status: z.enum(['ok', 'error']),
  error: z.string().nullable(),
  message: z.string().nullable(),
  http_status: z.number().int().nullable(),
  duration_ms: z.number().int(),
  request_id: z.string().nullable(),
  created_at: z.string(),
});

export const credentialsBody = z.object({
  values: z
    .record(z.string(), z.string().max(16_384))
    .describe('Field name -> value; secrets are sealed in the vault and never returned'),
});
export const removeCredentialsQuery = z.object({
  field: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .describe('Fields to remove (repeatable); all when absent'),
});
export const fieldsResponse = z.object({ fields: z.array(fieldSchema) });

export const baseUrlBody = z.object({
  base_url: z
    .string()
    .max(2_000)
    .nullable()
    .describe("The operator's server (http or https; it may be on the LAN); null for the default"),
});

export const actionPolicyBody = z.object({
  risk: z.enum(RISK_LEVELS).nullable().optional().describe("null: back to the connector's"),
  enabled: z.boolean().optional(),
});

export const testResponse = z.object({
  ok: z.boolean(),
  action: z.string(),
  status: z.number().int().nullable(),
  duration_ms: z.number().int(),
  error: z.string().nullable(),
  message: z.string().nullable(),
});

export const executeBody = z.object({
  action: z.string().min(1).max(64),
  params: z.record(z.string(), z.unknown()).optional(),
  confirmation_id: z
    .string()
    .min(1)
    .max(64)
    .optional()
    .describe('The approved confirmation of this same call (from a 202 answer), to run it'),
});

export const executeResponse = z.object({
  ok: z.literal(true),
  integration_id: z.string(),
  action: z.string(),
  status: z.number().int().describe("The vendor's HTTP status"),
  result: z.unknown().describe("The vendor's answer: JSON, or text; secrets hidden"),
  truncated: z.boolean(),
  duration_ms: z.number().int(),
});

export const awaitingResponse = z.object({
  status: z.literal('awaiting_confirmation'),
  confirmation_id: z.string(),
});

/** An error body (`error`, `message` and the named fields); the description names the codes. */
const errorBody = (codes: string) =>
  z.object({ error: z.string(), message: z.string() }).passthrough().describe(codes);

/** The documented failures of execute, for the OpenAPI document. */
export const executeErrors = {
  400: errorBody('validation_error (details) or action_not_allowed (allowed)'),
  403: errorBody('policy_denied'),
  404: errorBody('integration_not_found'),
  424: errorBody('credentials_missing (missing: field names)'),
  429: errorBody('rate_limited (retry_after; Retry-After header)'),
  502: errorBody('upstream_error (status: the vendor status or null, kind)'),
  503: errorBody('circuit_open (retry_after; Retry-After header)'),
};
