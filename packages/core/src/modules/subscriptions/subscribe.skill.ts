import { z } from 'zod';
import { AppError } from '../../errors/app-error.js';
import { defineSkill, type SkillContext, SkillError, type SkillOutput } from '../skills/skill.js';
import { QUOTE_SOURCE_NAMES } from './quote-sources.js';
import {
  feedUrlSchema,
  intervalSchema,
  jsonPathSchema,
  type SubscriptionView,
  symbolSchema,
  urlTemplateSchema,
} from './subscriptions.schema.js';
import type { SubscriptionsService } from './subscriptions.service.js';
import { PRICE_CONDITIONS, SUBSCRIPTION_KINDS } from './subscriptions.tables.js';

const name = z.string().trim().min(1).max(100);

/** One shape per action, each with exactly the fields it needs. */
const requestSchema = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('subscribe_feed'),
    url: feedUrlSchema,
    name: name.optional(),
    interval_seconds: intervalSchema.optional(),
  }),
  z.object({
    action: z.literal('price_alert'),
    symbol: symbolSchema,
    source: z.enum(QUOTE_SOURCE_NAMES),
    condition: z.enum(PRICE_CONDITIONS),
    threshold: z.number().finite(),
    url_template: urlTemplateSchema.optional(),
    json_path: jsonPathSchema.optional(),
    name: name.optional(),
    interval_seconds: intervalSchema.optional(),
  }),
  z.object({ action: z.literal('list'), kind: z.enum(SUBSCRIPTION_KINDS).optional() }),
  z.object({ action: z.literal('unsubscribe'), subscription_id: z.string().min(1).max(64) }),
]);
type SubscribeRequest = z.infer<typeof requestSchema>;

/** What the model sees: one flat object (providers want an object at the top, not a oneOf). */
const inputSchema = z
  .object({
    action: z
      .enum(['subscribe_feed', 'price_alert', 'list', 'unsubscribe'])
      .describe(
        'subscribe_feed (url). price_alert (symbol, source, condition, threshold): notify when ' +
          'the price crosses threshold. list. unsubscribe (subscription_id).',
      ),
    url: z.string().optional().describe('feed URL'),
    name: z.string().optional().describe('display name'),
    // Plain number here (the union checks it is whole): .int() adds ±2^53 bounds to the schema.
    interval_seconds: z.number().optional().describe('seconds between checks, min 300'),
    symbol: z.string().optional().describe('coingecko coin id (bitcoin) or stooq symbol (aapl.us)'),
    source: z
      .enum(QUOTE_SOURCE_NAMES)
      .optional()
      .describe('json_url: any JSON API, with url_template and json_path'),
    condition: z.enum(PRICE_CONDITIONS).optional().describe('price vs threshold'),
    threshold: z.number().optional().describe('the price'),
    url_template: z.string().optional().describe('API URL containing {symbol}'),
    json_path: z.string().optional().describe('path to the price, e.g. data.price'),
    kind: z.enum(SUBSCRIPTION_KINDS).optional().describe('filter'),
    subscription_id: z.string().optional().describe('from list'),
  })
  .pipe(requestSchema);

function line(view: SubscriptionView): string {
  const state = view.last_error
    ? `last check failed: ${view.last_error}`
    : view.last_checked_at
      ? `last checked ${view.last_checked_at}`
      : 'not checked yet';
  const every = `every ${Math.round(view.interval_seconds / 60)} min`;
  const paused = view.enabled ? '' : ' (paused)';
  if (view.kind === 'feed')
    return `- ${view.subscription_id} feed "${view.name}" ${view.url}, ${every}${paused}, ${view.items_seen} items seen, ${state}`;
  const price = view.last_price === null ? 'no price yet' : `last price ${view.last_price}`;
  return `- ${view.subscription_id} price alert "${view.name}": ${view.symbol} (${view.source}) ${view.condition} ${view.threshold}, ${price}, ${every}${paused}, ${state}`;
}

async function run(
  service: SubscriptionsService,
  request: SubscribeRequest,
  context: SkillContext,
): Promise<SkillOutput> {
  switch (request.action) {
    case 'subscribe_feed': {
      const { action: _, ...feed } = request;
      const view = await service.create({ kind: 'feed', ...feed }, context.actor);
      return {
        text: `Subscribed to ${view.name} (${request.url}); it is checked now and then every ${Math.round(view.interval_seconds / 60)} minutes. New items become feed.item events and notes. Id: ${view.subscription_id}`,
        data: { subscription_id: view.subscription_id },
        audit: { target: view.subscription_id },
      };
    }
    case 'price_alert': {
      const { action: _, ...alert } = request;
      const view = await service.create({ kind: 'price_alert', ...alert }, context.actor);
      return {
        text: `Price alert set: ${request.symbol} ${request.condition} ${request.threshold} (source ${request.source}), checked every ${Math.round(view.interval_seconds / 60)} minutes; the operator is notified when it crosses. Id: ${view.subscription_id}`,
        data: { subscription_id: view.subscription_id },
        audit: { target: view.subscription_id },
      };
    }
    case 'list': {
      const views = await service.list(request.kind);
      return {
        text: views.length ? views.map(line).join('\n') : 'There are no subscriptions.',
        data: { subscription_ids: views.map((view) => view.subscription_id) },
      };
    }
    case 'unsubscribe': {
      const view = await service.remove(request.subscription_id);
      return {
        text: `Unsubscribed from ${view.name} (${view.subscription_id}).`,
        data: { subscription_id: view.subscription_id },
        audit: { target: view.subscription_id },
      };
    }
  }
}

/** Feeds and price alerts for the agent (CONTROLLED: every call is audited). */
export function createSubscribeSkill(service: SubscriptionsService) {
  return defineSkill({
    name: 'subscribe',
    description: 'RSS/Atom feeds (polled; new items become notes) and price alerts.',
    level: 'CONTROLLED',
    inputSchema,
    async execute(input, context) {
      try {
        return await run(service, input, context);
      } catch (error) {
        // Refusals the operator would get from the API (URL blocked, already subscribed, no such
        // subscription) are answers the model can act on.
        if (error instanceof AppError && error.expose) {
          const existing = error.extra.subscription_id;
          const hint = typeof existing === 'string' ? ` (subscription ${existing})` : '';
          throw new SkillError(`${error.message}${hint}`, error.code);
        }
        throw error;
      }
    },
  });
}
