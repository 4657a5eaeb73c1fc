import { z } from 'zod';

export const providerKinds = ['openai', 'anthropic', 'openai_compatible'] as const;
export type ProviderKind = (typeof providerKinds)[number];

export const providerIdSchema = z
  .string()
  .regex(/^[a-z0-9_-]{1,40}$/, 'must be 1-40 of a-z 0-9 _ -')
  .describe('Lower-case id, 1-40 of a-z 0-9 _ -');

/**
 * A provider's base URL: http(s) only, and no credentials in it (they would be stored and shown
 * in the clear; the key goes in api_key, which lives in the vault).
 */
export const baseUrlSchema = z
  .url({ protocol: /^https?$/, message: 'must be an http or https URL' })
  .max(2000)
  .refine((text) => {
    const url = new URL(text);
    return url.username === '' && url.password === '';
  }, 'must not carry a user name or password; send the key as api_key')
  .describe('Base URL of the API, such as http://127.0.0.1:8000/v1');

const apiKeySchema = z.string().max(4096);

export const providerViewSchema = z.object({
  provider_id: z.string(),
  kind: z.enum(providerKinds),
  label: z.string(),
  base_url: z.string().nullable(),
  source: z.enum(['env', 'dashboard']).describe('env providers are read-only here'),
  env_vars: z.array(z.string()).describe('The environment variables that configure it'),
  has_key: z.boolean(),
});
export type ProviderView = z.infer<typeof providerViewSchema>;

export const defaultModelSchema = z.object({
  provider_id: z.string(),
  model: z.string(),
});
export type DefaultModel = z.infer<typeof defaultModelSchema>;

export const modelsOverviewSchema = z.object({
  providers: z.array(providerViewSchema),
  default: defaultModelSchema
    .nullable()
    .describe('DEFAULT_MODEL, else the one chosen here; null: the first provider decides'),
  default_source: z
    .enum(['env', 'dashboard'])
    .nullable()
    .describe('env: DEFAULT_MODEL pins it (PUT /api/models/default answers 409)'),
});

export const createProviderSchema = z
  .object({
    provider_id: providerIdSchema,
    kind: z.enum(providerKinds),
    label: z.string().trim().min(1).max(100),
    base_url: baseUrlSchema.optional(),
    api_key: apiKeySchema.min(1).optional().describe('Stored encrypted; never returned'),
  })
  .superRefine((body, ctx) => {
    if (body.kind === 'openai_compatible' && !body.base_url) {
      ctx.addIssue({
        code: 'custom',
        path: ['base_url'],
        message: 'is required for an openai_compatible provider',
      });
    }
  });
export type CreateProviderInput = z.infer<typeof createProviderSchema>;

export const updateProviderSchema = z.object({
  label: z.string().trim().min(1).max(100).optional(),
  base_url: baseUrlSchema.nullable().optional().describe('null: the kind default'),
  api_key: apiKeySchema
    .nullable()
    .optional()
    .describe('A new key; an empty string or null removes it; absent: unchanged'),
});
export type UpdateProviderInput = z.infer<typeof updateProviderSchema>;

export const providerParamsSchema = z.object({ provider_id: z.string().max(200) });

export const catalogSchema = z.object({
  models: z.array(z.object({ id: z.string(), label: z.string().optional() })),
});

export const providerTestSchema = z.object({
  ok: z.boolean(),
  latency_ms: z.number().int(),
  models: z.number().int().describe('How many models the provider lists'),
  error: z.string().optional(),
});

export const setDefaultSchema = z.object({
  provider_id: z.string().min(1).max(200),
  model: z.string().trim().min(1).max(200),
});

export const defaultResponseSchema = z.object({ default: defaultModelSchema });

export const okSchema = z.object({ ok: z.literal(true) });

export const upstreamErrorSchema = z.object({
  error: z.literal('upstream_error'),
  status: z.number().int().nullable().describe("The provider's HTTP status; null: no answer"),
  message: z.string(),
});
