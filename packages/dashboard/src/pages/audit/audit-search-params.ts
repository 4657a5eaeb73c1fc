import type { AuditFilters } from '../../api/audit';

/** The time windows offered; absent from the URL means the whole log. */
export const SINCE_PRESETS = [
  { value: '1h', label: 'Last hour' },
  { value: '24h', label: 'Last 24 hours' },
  { value: '7d', label: 'Last 7 days' },
  { value: 'all', label: 'All time' },
] as const;

const TEXT_FILTERS = ['action', 'actor', 'goal_id'] as const;
export type TextFilter = (typeof TEXT_FILTERS)[number];

/** Filters as the URL holds them, so a filtered view can be bookmarked and shared. */
export function readAuditFilters(params: URLSearchParams): AuditFilters {
  const filters: AuditFilters = {};
  for (const name of TEXT_FILTERS) {
    const value = params.get(name)?.trim();
    if (value) filters[name] = value;
  }
  const since = params.get('since');
  if (since && SINCE_PRESETS.some((preset) => preset.value === since) && since !== 'all')
    filters.since = since;
  return filters;
}

export function writeAuditFilters(filters: AuditFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of [...TEXT_FILTERS, 'since'] as const) {
    const value = filters[name]?.trim();
    if (value) params.set(name, value);
  }
  return params;
}

export const hasFilters = (filters: AuditFilters) => Object.keys(filters).length > 0;
