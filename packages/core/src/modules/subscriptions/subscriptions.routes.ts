import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuditEntryInput } from '../audit/audit.schema.js';
import { QUOTE_SOURCES } from './quote-sources.js';
import {
  checkResultSchema,
  createSubscriptionSchema,
  itemsQuerySchema,
  itemViewSchema,
  quoteSourceSchema,
  type SubscriptionView,
  subscriptionListQuerySchema,
  subscriptionParamsSchema,
  subscriptionViewSchema,
  updateSubscriptionSchema,
} from './subscriptions.schema.js';

type Change = Pick<AuditEntryInput, 'action' | 'target' | 'detail'>;

/** What an audit row says about a subscription: its rule, not its state. */
function describe(view: SubscriptionView): Record<string, unknown> {
  if (view.kind === 'feed') return { kind: view.kind, name: view.name, url: view.url };
  const { kind, name, symbol, source, condition, threshold, url_template, json_path } = view;
  return { kind, name, symbol, source, condition, threshold, url_template, json_path };
}

/** Thin HTTP layer over app.subscriptions; changes are audited (the writer redacts). */
export async function subscriptionsRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const audit = (request: FastifyRequest, change: Change) =>
    app.audit.record({
      ...change,
      actor: request.session?.user ?? 'unknown',
      request_id: request.id,
    });
  const tags = ['subscriptions'];
  const params = subscriptionParamsSchema;

  routes.get(
    '/api/subscriptions/quote-sources',
    {
      schema: {
        tags,
        summary: 'The named quote sources a price alert can use',
        response: { 200: z.object({ sources: z.array(quoteSourceSchema) }) },
      },
    },
    async () => ({
      sources: Object.values(QUOTE_SOURCES).map((source) => ({
        name: source.name,
        description: source.description,
        url_template: source.urlTemplate,
        symbol_hint: source.symbolHint,
        needs: source.custom ? ['url_template', 'json_path'] : [],
      })),
    }),
  );

  routes.get(
    '/api/subscriptions',
    {
      schema: {
        tags,
        summary: 'Feeds and price alerts, oldest first; ?kind=feed or price_alert',
        querystring: subscriptionListQuerySchema,
        response: { 200: z.object({ subscriptions: z.array(subscriptionViewSchema) }) },
      },
    },
    async (request) => ({ subscriptions: await app.subscriptions.list(request.query.kind) }),
  );

  routes.post(
    '/api/subscriptions',
    {
      schema: {
        tags,
        summary: 'Subscribe to a feed or set a price alert; polled at once, then every interval',
        body: createSubscriptionSchema,
        response: { 201: subscriptionViewSchema },
      },
    },
    async (request, reply) => {
      const actor = request.session?.user ?? 'unknown';
      const view = await app.subscriptions.create(request.body, actor);
      audit(request, {
        action: 'subscription.create',
        target: view.subscription_id,
        detail: describe(view),
      });
      return reply.status(201).send(view);
    },
  );

  routes.get(
    '/api/subscriptions/:subscription_id',
    {
      schema: {
        tags,
        summary: 'One subscription with its polling state',
        params,
        response: { 200: subscriptionViewSchema },
      },
    },
    async (request) => app.subscriptions.get(request.params.subscription_id),
  );

  routes.patch(
    '/api/subscriptions/:subscription_id',
    {
      schema: {
        tags,
        summary: 'Change a subscription (fields of its own kind); enabled false pauses it',
        params,
        body: updateSubscriptionSchema,
        response: { 200: subscriptionViewSchema },
      },
    },
    async (request) => {
      const { subscription, changed } = await app.subscriptions.update(
        request.params.subscription_id,
        request.body,
      );
      audit(request, {
        action: 'subscription.update',
        target: subscription.subscription_id,
        detail: { ...describe(subscription), changed, enabled: subscription.enabled },
      });
      return subscription;
    },
  );

  routes.delete(
    '/api/subscriptions/:subscription_id',
    {
      schema: {
        tags,
        summary: 'Unsubscribe: removes the subscription and the items it has seen',
        params,
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request) => {
      const view = await app.subscriptions.remove(request.params.subscription_id);
      audit(request, {
        action: 'subscription.delete',
        target: view.subscription_id,
        detail: describe(view),
      });
      return { ok: true as const };
    },
  );

  routes.post(
    '/api/subscriptions/:subscription_id/check',
    {
      schema: {
        tags,
        summary:
          'Poll now and return what was found; a failed poll is ok:false, not an error status',
        params,
        response: { 200: checkResultSchema },
      },
    },
    async (request) => app.subscriptions.check(request.params.subscription_id),
  );

  routes.get(
    '/api/subscriptions/:subscription_id/items',
    {
      schema: {
        tags,
        summary: 'Feed items seen, newest first, keyset-paged',
        params,
        querystring: itemsQuerySchema,
        response: {
          200: z.object({ items: z.array(itemViewSchema), next_cursor: z.string().nullable() }),
        },
      },
    },
    async (request) =>
      app.subscriptions.items(
        request.params.subscription_id,
        request.query.limit,
        request.query.cursor,
      ),
  );
}
