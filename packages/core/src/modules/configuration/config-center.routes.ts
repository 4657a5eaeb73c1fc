import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFoundError } from '../../errors/app-error.js';
import { FEATURE_FLAG_NAMES, type FeatureFlag } from './feature-flags.js';
import { RUNTIME_PARAMETER_NAMES, type RuntimeParameter } from './runtime-parameters.js';

const flagViewSchema = z.object({
  name: z.string(),
  enabled: z.boolean(),
  doc: z.string(),
  updated_at: z.string().nullable(),
  updated_by: z.string().nullable(),
});

const parameterViewSchema = z.object({
  name: z.string(),
  value: z.number(),
  default: z.number().describe("The environment's value (or its default)"),
  source: z.enum(['environment', 'operator']),
  doc: z.string(),
  unit: z.string(),
  min: z.number(),
  max: z.number(),
  live: z.boolean().describe('false: read at start, so a change applies after a restart'),
  updated_at: z.string().nullable(),
  updated_by: z.string().nullable(),
});

const nameParams = z.object({ name: z.string().min(1).max(100) });

// A name outside the definitions is an unknown resource (404), not a malformed request.
function flagName(name: string): FeatureFlag {
  if (!(FEATURE_FLAG_NAMES as string[]).includes(name))
    throw new NotFoundError(`No feature flag named ${name}`);
  return name as FeatureFlag;
}

function parameterName(name: string): RuntimeParameter {
  if (!(RUNTIME_PARAMETER_NAMES as string[]).includes(name))
    throw new NotFoundError(`No runtime parameter named ${name}`);
  return name as RuntimeParameter;
}

/** Feature flags and runtime parameters over app.configuration (which audits every change). */
export async function configCenterRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/config/flags',
    {
      schema: {
        tags: ['configuration'],
        summary: 'The 12 feature flags',
        response: { 200: z.object({ flags: z.array(flagViewSchema) }) },
      },
    },
    async () => ({ flags: await app.configuration.flags() }),
  );
  routes.put(
    '/api/config/flags/:name',
    {
      schema: {
        tags: ['configuration'],
        summary: 'Turn a feature flag on or off (applies at once, on every replica within seconds)',
        params: nameParams,
        body: z.object({ enabled: z.boolean() }),
        response: { 200: flagViewSchema },
      },
    },
    (request) =>
      app.configuration.setFlag(
        flagName(request.params.name),
        request.body.enabled,
        request.session?.user ?? 'unknown',
        request.id,
      ),
  );
  routes.get(
    '/api/config/parameters',
    {
      schema: {
        tags: ['configuration'],
        summary: 'Runtime parameters with their bounds, defaults and sources',
        response: { 200: z.object({ parameters: z.array(parameterViewSchema) }) },
      },
    },
    async () => ({ parameters: await app.configuration.parameters() }),
  );
  routes.put(
    '/api/config/parameters/:name',
    {
      schema: {
        tags: ['configuration'],
        summary: "Set a runtime parameter within its bounds, or null for the environment's value",
        params: nameParams,
        body: z.object({ value: z.number().nullable() }),
        response: { 200: parameterViewSchema },
      },
    },
    (request) =>
      app.configuration.setParameter(
        parameterName(request.params.name),
        request.body.value,
        request.session?.user ?? 'unknown',
        request.id,
      ),
  );
}
