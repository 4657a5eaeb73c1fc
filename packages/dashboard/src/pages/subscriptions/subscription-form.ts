import { ApiError } from '../../api/client';
import { BLOCKED_HINT, sentence } from '../scheduler/schedule-form';

export const POLL_INTERVALS = [300, 900, 1_800, 3_600, 10_800, 21_600, 43_200, 86_400, 604_800];

export type SubscriptionField =
  | 'name'
  | 'url'
  | 'interval_seconds'
  | 'symbol'
  | 'source'
  | 'condition'
  | 'threshold'
  | 'url_template'
  | 'json_path';

export type SubscriptionErrors = Partial<Record<SubscriptionField, string>> & {
  general?: string;
  blocked?: string;
};

const FIELDS: SubscriptionField[] = [
  'name',
  'url',
  'interval_seconds',
  'symbol',
  'source',
  'condition',
  'threshold',
  'url_template',
  'json_path',
];

/**
 * A refused save, next to the fields it is about: a 400's details, a private address (with what
 * to do about it), a feed already subscribed.
 */
export function subscriptionErrors(
  error: unknown,
  urlField: SubscriptionField,
): SubscriptionErrors {
  if (!(error instanceof ApiError)) return {};
  if (error.code === 'url_blocked') return { [urlField]: error.message, blocked: BLOCKED_HINT };
  if (error.code === 'already_subscribed')
    return { url: 'You already subscribe to a feed at this address.' };
  if (error.code !== 'validation_error') return { general: error.message };
  const fields: SubscriptionErrors = {};
  for (const detail of error.details) {
    const field = FIELDS.find((name) => detail.path === `/${name}`);
    if (field && !fields[field]) fields[field] = sentence(detail.message ?? 'is invalid');
  }
  return Object.keys(fields).length > 0 ? fields : { general: error.message };
}
