import type { IntegrationCategory, IntegrationSummary } from '../../api/integrations';

export const STATE_FILTERS = ['all', 'configured', 'not_configured', 'breaker_open'] as const;
export type StateFilter = (typeof STATE_FILTERS)[number];

export const STATE_FILTER_LABELS: Record<StateFilter, string> = {
  all: 'All',
  configured: 'Configured',
  not_configured: 'Not configured',
  breaker_open: 'Breaker open',
};

export const CATEGORY_LABELS: Record<IntegrationCategory, string> = {
  chat: 'Chat',
  code: 'Code',
  projects: 'Issues and projects',
  docs: 'Docs and data',
  ops: 'Operations',
  messaging: 'Messaging and mail',
  commerce: 'Commerce',
  home: 'Home and media',
  public: 'Public data',
  generic: 'Generic',
};

export interface ConnectorFilter {
  search: string;
  category: IntegrationCategory | null;
  state: StateFilter;
}

/** A HALF_OPEN breaker still refuses all but one probe call, so it counts as open here. */
export const breakerOpen = (integration: IntegrationSummary) =>
  integration.breaker.state !== 'CLOSED';

const matchesState = (integration: IntegrationSummary, state: StateFilter) => {
  if (state === 'configured') return integration.configured;
  if (state === 'not_configured') return !integration.configured;
  if (state === 'breaker_open') return breakerOpen(integration);
  return true;
};

/** Connectors matching the words (id, name or category), the category and the state. */
export function filterConnectors(
  integrations: IntegrationSummary[],
  filter: ConnectorFilter,
): IntegrationSummary[] {
  const words = filter.search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  return integrations.filter((integration) => {
    if (filter.category && integration.category !== filter.category) return false;
    if (!matchesState(integration, filter.state)) return false;
    const text =
      `${integration.id} ${integration.name} ${CATEGORY_LABELS[integration.category]}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
}
