import { TRACE_TIERS, type TraceFilters, type TraceTier } from '../../api/traces';

/** Time windows offered as one click; anything else in the URL is a custom range. */
export const TIME_PRESETS = [
  { value: '1h', label: 'Last hour' },
  { value: '24h', label: 'Last 24 hours' },
  { value: '7d', label: 'Last 7 days' },
  { value: 'all', label: 'All time' },
  { value: 'custom', label: 'Custom' },
] as const;
export type TimeChoice = (typeof TIME_PRESETS)[number]['value'];

const DURATION = /^\d+(s|m|h|d)$/;

/** What the runtime accepts for since and until: a duration back from now, or an ISO time. */
export function isTimeBound(text: string): boolean {
  if (DURATION.test(text)) return true;
  return /^\d{4}-\d{2}-\d{2}/.test(text) && !Number.isNaN(new Date(text).getTime());
}

const isTier = (value: string | null): value is TraceTier =>
  TRACE_TIERS.some((tier) => tier === value);

/** Filters as the URL holds them, so a filtered view can be bookmarked and shared. */
export function readTraceFilters(params: URLSearchParams): TraceFilters {
  const filters: TraceFilters = {};
  const chatId = params.get('chat_id')?.trim();
  if (chatId) filters.chat_id = chatId;
  const tier = params.get('tier');
  if (isTier(tier)) filters.tier = tier;
  for (const bound of ['since', 'until'] as const) {
    const value = params.get(bound)?.trim();
    if (value && isTimeBound(value)) filters[bound] = value;
  }
  return filters;
}

export function writeTraceFilters(filters: TraceFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of ['chat_id', 'tier', 'since', 'until'] as const) {
    const value = filters[name]?.trim();
    if (value) params.set(name, value);
  }
  return params;
}

/** Which time choice the filters amount to. */
export function timeChoice(filters: TraceFilters): TimeChoice {
  if (!filters.since && !filters.until) return 'all';
  const preset = TIME_PRESETS.find((option) => option.value === filters.since);
  if (preset && !filters.until) return preset.value;
  return 'custom';
}

export const hasFilters = (filters: TraceFilters) => Object.keys(filters).length > 0;
