import { z } from 'zod';
import { cursorSchema, limitSchema } from '../../http/paging.js';
import { parseJsonPath, QUOTE_SOURCE_NAMES } from './quote-sources.js';
import { PRICE_CONDITIONS, SUBSCRIPTION_KINDS } from './subscriptions.tables.js';
import { SUBSCRIPTION_TUNING } from './subscriptions.tuning.js';

/** Read at validation time, not at import: tests lower the minimum before building the app. */
export const intervalSchema = z
  .number()
  .int()
  .superRefine((seconds, ctx) => {
    const { minIntervalSeconds: min, maxIntervalSeconds: max } = SUBSCRIPTION_TUNING;
    if (seconds < min) ctx.addIssue({ code: 'custom', message: `must be at least ${min} seconds` });
    if (seconds > max) ctx.addIssue({ code: 'custom', message: `must be at most ${max} seconds` });
  })
  .describe('Seconds between two polls (at least 300)');

const nameSchema = z.string().trim().min(1).max(100);
export const feedUrlSchema = z
  .url({ protocol: /^https?$/, message: 'must be an http or https URL' })
  .max(2000);
export const symbolSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9^][A-Za-z0-9._^=:/-]{0,63}$/, {
    message: 'letters, digits and . _ ^ = : / - (at most 64)',
  });
export const urlTemplateSchema = z
  .string()
  .trim()
  .max(2000)
  .refine((template) => template.includes('{symbol}'), { message: 'must contain {symbol}' })
  .refine(
    (template) => {
      try {
        return /^https?:$/.test(new URL(template.replaceAll('{symbol}', 'X')).protocol);
      } catch {
        return false;
      }
    },
    { message: 'must be an http or https URL once {symbol} is filled in' },
  );
export const jsonPathSchema = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .refine((path) => parseJsonPath(path) !== null, {
    message: 'must be a path such as data.price, items[0].price or ["Global Quote"]["05. price"]',
  });
const sourceSchema = z.enum(QUOTE_SOURCE_NAMES);
const thresholdSchema = z.number().finite();

const feedCreateSchema = z.strictObject({
  kind: z.literal('feed'),
  name: nameSchema.optional().describe('Default: the host of the URL'),
  url: feedUrlSchema,
  interval_seconds: intervalSchema
    .optional()
    .describe('Seconds between polls (300 to 604800); default 3600'),
  enabled: z.boolean().optional(),
});

const priceCreateSchema = z.strictObject({
  kind: z.literal('price_alert'),
  name: nameSchema.optional().describe('Default: "<symbol> <condition> <threshold>"'),
  symbol: symbolSchema,
  source: sourceSchema.describe('A quote source from GET /api/subscriptions/quote-sources'),
  condition: z.enum(PRICE_CONDITIONS),
  threshold: thresholdSchema,
  url_template: urlTemplateSchema.optional().describe('json_url only: the URL with {symbol}'),
  json_path: jsonPathSchema.optional().describe('json_url only: where the price is'),
  interval_seconds: intervalSchema
    .optional()
    .describe('Seconds between polls (300 to 604800); default 900'),
  enabled: z.boolean().optional(),
});

export const createSubscriptionSchema = z.discriminatedUnion('kind', [
  feedCreateSchema,
  priceCreateSchema,
]);
export type CreateSubscription = z.output<typeof createSubscriptionSchema>;
export type CreateFeed = z.output<typeof feedCreateSchema>;
export type CreatePriceAlert = z.output<typeof priceCreateSchema>;

export const updateSubscriptionSchema = z
  .strictObject({
    name: nameSchema.optional(),
    enabled: z.boolean().optional(),
    interval_seconds: intervalSchema.optional(),
    url: feedUrlSchema.optional(),
    symbol: symbolSchema.optional(),
    source: sourceSchema.optional(),
    condition: z.enum(PRICE_CONDITIONS).optional(),
    threshold: thresholdSchema.optional(),
    url_template: urlTemplateSchema.nullable().optional(),
    json_path: jsonPathSchema.nullable().optional(),
  })
  .refine((patch) => Object.keys(patch).length > 0, { message: 'name at least one field' });
export type UpdateSubscription = z.output<typeof updateSubscriptionSchema>;

const commonView = {
  subscription_id: z.string(),
  name: z.string(),
  enabled: z.boolean(),
  interval_seconds: z.number().int(),
  created_by: z.string(),
  next_check_at: z.string().nullable().describe('Null while disabled'),
  last_checked_at: z.string().nullable(),
  last_success_at: z.string().nullable(),
  last_error: z.string().nullable(),
  consecutive_failures: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
};

export const feedViewSchema = z.object({
  kind: z.literal('feed'),
  ...commonView,
  url: z.string(),
  items_seen: z.number().int(),
});
export const priceAlertViewSchema = z.object({
  kind: z.literal('price_alert'),
  ...commonView,
  symbol: z.string(),
  source: z.string(),
  condition: z.enum(PRICE_CONDITIONS),
  threshold: z.number(),
  url_template: z.string().nullable(),
  json_path: z.string().nullable(),
  last_price: z.number().nullable(),
  triggered: z.boolean().describe('Beyond the threshold since the last crossing'),
  triggered_at: z.string().nullable(),
});
export const subscriptionViewSchema = z.discriminatedUnion('kind', [
  feedViewSchema,
  priceAlertViewSchema,
]);
export type SubscriptionView = z.infer<typeof subscriptionViewSchema>;

export const itemViewSchema = z.object({
  item_id: z.string(),
  guid: z.string().nullable(),
  title: z.string(),
  link: z.string().nullable(),
  published_at: z.string().nullable(),
  first_seen_at: z.string().describe('ISO 8601, UTC, microseconds'),
  announced: z.boolean().describe('Raised as a feed.item event and kept as a note'),
  note_id: z.string().nullable(),
  event_id: z.string().nullable(),
});
export type ItemView = z.infer<typeof itemViewSchema>;

export const checkResultSchema = z.object({
  ok: z.boolean(),
  error: z.string().nullable(),
  subscription: subscriptionViewSchema,
  feed: z
    .object({
      not_modified: z.boolean(),
      items_in_feed: z.number().int(),
      new_items: z.array(itemViewSchema),
    })
    .nullable(),
  price: z
    .object({
      price: z.number(),
      previous_price: z.number().nullable(),
      crossed: z.boolean().describe('This check raised price.crossed'),
    })
    .nullable(),
});
export type CheckResult = z.infer<typeof checkResultSchema>;

export const subscriptionParamsSchema = z.object({ subscription_id: z.string().min(1).max(64) });
export const subscriptionListQuerySchema = z.object({
  kind: z.enum(SUBSCRIPTION_KINDS).optional(),
});
export const itemsQuerySchema = z.object({
  limit: limitSchema(50, 500).describe('Default 50, capped at 500'),
  cursor: cursorSchema.optional(),
});
export const quoteSourceSchema = z.object({
  name: z.string(),
  description: z.string(),
  url_template: z.string(),
  symbol_hint: z.string(),
  needs: z.array(z.string()).describe('Fields an alert on this source must also give'),
});
