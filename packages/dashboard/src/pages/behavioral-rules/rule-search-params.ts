import { RULE_SOURCES, type RuleFilters, type RuleSource } from '../../api/behavioral';

const isSource = (value: string | null): value is RuleSource =>
  RULE_SOURCES.some((source) => source === value);

/** Filters as the URL holds them (?enabled=true&source=operator&q=...), so views can be shared. */
export function readRuleFilters(params: URLSearchParams): RuleFilters {
  const filters: RuleFilters = {};
  const enabled = params.get('enabled');
  if (enabled === 'true' || enabled === 'false') filters.enabled = enabled === 'true';
  const source = params.get('source');
  if (isSource(source)) filters.source = source;
  const q = params.get('q')?.trim();
  if (q) filters.q = q;
  return filters;
}

export function writeRuleFilters(filters: RuleFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.enabled !== undefined) params.set('enabled', String(filters.enabled));
  if (filters.source) params.set('source', filters.source);
  const q = filters.q?.trim();
  if (q) params.set('q', q);
  return params;
}

export const hasRuleFilters = (filters: RuleFilters) => Object.keys(filters).length > 0;
