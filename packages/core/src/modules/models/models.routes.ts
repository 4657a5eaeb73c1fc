import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AuditEntryInput } from '../audit/audit.schema.js';
import type { Session } from '../auth/session.service.js';
import {
  catalogSchema,
  createProviderSchema,
  defaultResponseSchema,
  modelsOverviewSchema,
  okSchema,
  providerParamsSchema,
  providerTestSchema,
  providerViewSchema,
  setDefaultSchema,
  updateProviderSchema,
  upstreamErrorSchema,
} from './models.schema.js';

type Change = Pick<AuditEntryInput, 'action' | 'target' | 'detail'>;

/** Thin HTTP layer over app.models; every change is audited, never with a key in it. */
export async function modelsRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const audit = (request: FastifyRequest, change: Change) =>
    app.audit.record({
      ...change,
      actor: (request.session as Session).user,
      request_id: request.id,
    });

  routes.get(
    '/api/models',
    {
      schema: {
        tags: ['models'],
        summary: 'Model providers (environment and dashboard) and the default model',
        response: { 200: modelsOverviewSchema },
      },
    },
    async () => {
      const [providers, defaultModel] = await Promise.all([
        app.models.listProviders(),
        app.models.getDefault(),
      ]);
      return {
        providers,
        default: defaultModel,
        default_source: app.models.defaultSource(defaultModel),
      };
    },
  );

  routes.post(
    '/api/models/providers',
    {
      schema: {
        tags: ['models'],
        summary: 'Add a provider; its key is stored encrypted and never returned',
        body: createProviderSchema,
        response: { 201: providerViewSchema },
      },
    },
    async (request, reply) => {
      const provider = await app.models.addProvider(request.body);
      audit(request, {
        action: 'models.provider_add',
        target: provider.provider_id,
        detail: {
          kind: provider.kind,
          label: provider.label,
          base_url: provider.base_url,
          has_key: provider.has_key,
        },
      });
      return reply.status(201).send(provider);
    },
  );

  routes.patch(
    '/api/models/providers/:provider_id',
    {
      schema: {
        tags: ['models'],
        summary: 'Change a dashboard provider (label, base URL, key); env providers are read-only',
        params: providerParamsSchema,
        body: updateProviderSchema,
        response: { 200: providerViewSchema },
      },
    },
    async (request) => {
      const { provider, changed, key } = await app.models.updateProvider(
        request.params.provider_id,
        request.body,
      );
      audit(request, {
        action: 'models.provider_update',
        target: provider.provider_id,
        detail: { changed, key, label: provider.label, base_url: provider.base_url },
      });
      return provider;
    },
  );

  routes.delete(
    '/api/models/providers/:provider_id',
    {
      schema: {
        tags: ['models'],
        summary: 'Remove a dashboard provider and its key (and the default if it pointed there)',
        params: providerParamsSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      const { provider_id } = request.params;
      const { defaultCleared } = await app.models.removeProvider(provider_id);
      audit(request, {
        action: 'models.provider_remove',
        target: provider_id,
        detail: { default_cleared: defaultCleared },
      });
      return { ok: true as const };
    },
  );

  routes.get(
    '/api/models/providers/:provider_id/catalog',
    {
      schema: {
        tags: ['models'],
        summary: "The provider's own model list; 502 when the provider fails",
        params: providerParamsSchema,
        response: { 200: catalogSchema, 502: upstreamErrorSchema },
      },
    },
    async (request) => ({ models: await app.models.catalog(request.params.provider_id) }),
  );

  routes.post(
    '/api/models/providers/:provider_id/test',
    {
      schema: {
        tags: ['models'],
        summary: 'Check that the provider answers with its key; a failure is ok:false, not a 5xx',
        params: providerParamsSchema,
        response: { 200: providerTestSchema },
      },
    },
    async (request) => app.models.test(request.params.provider_id),
  );

  routes.put(
    '/api/models/default',
    {
      schema: {
        tags: ['models'],
        summary: 'Choose the default model (409 while DEFAULT_MODEL is set in the environment)',
        body: setDefaultSchema,
        response: { 200: defaultResponseSchema },
      },
    },
    async (request) => {
      const session = request.session as Session;
      const chosen = await app.models.setDefault(request.body, session.user);
      audit(request, {
        action: 'models.default_set',
        target: chosen.provider_id,
        detail: { provider_id: chosen.provider_id, model: chosen.model },
      });
      return { default: chosen };
    },
  );
}
