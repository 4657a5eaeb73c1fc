import type { IntegrationDefinition } from '../integration.js';

export interface ConnectorModule {
  default: IntegrationDefinition;
}

/**
 * Every shipped connector, by id, loaded on first use so that start-up stays cheap: one line per
 * connector, sorted by id. The contract test walks this list (and fails for a connector file
 * that is not in it), and docs/integrations.md is generated from it.
 */
export const CONNECTORS: Readonly<Record<string, () => Promise<ConnectorModule>>> = {
  http: () => import('./generic/http.js'),
};
