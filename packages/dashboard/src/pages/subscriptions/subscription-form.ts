import { ApiError } from '../../api/client';
import { formErrors, type Refusal } from '../../components/form-errors';
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
  refusal?: Refusal;
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
  const shared = formErrors(
    error,
    Object.fromEntries(FIELDS.map((field) => [field, `/${field}`])) as Record<
      SubscriptionField,
      string
    >,
    { url_blocked: urlField, already_subscribed: 'url' },
  );
  const errors: SubscriptionErrors = {};
  for (const [field, message] of Object.entries(shared.fields) as [SubscriptionField, string][])
    errors[field] = sentence(message);
  if (shared.refusal) errors.refusal = shared.refusal;
  if (error instanceof ApiError && error.code === 'url_blocked') errors.blocked = BLOCKED_HINT;
  return errors;
}
