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
  airtable: () => import('./docs/airtable.js'),
  asana: () => import('./projects/asana.js'),
  bitbucket: () => import('./code/bitbucket.js'),
  clickup: () => import('./projects/clickup.js'),
  confluence: () => import('./docs/confluence.js'),
  discord: () => import('./chat/discord.js'),
  gitea: () => import('./code/gitea.js'),
  github: () => import('./code/github.js'),
  gitlab: () => import('./code/gitlab.js'),
  'google-calendar': () => import('./docs/google-calendar.js'),
  'google-drive': () => import('./docs/google-drive.js'),
  'google-sheets': () => import('./docs/google-sheets.js'),
  http: () => import('./generic/http.js'),
  hubspot: () => import('./commerce/hubspot.js'),
  jira: () => import('./projects/jira.js'),
  linear: () => import('./projects/linear.js'),
  matrix: () => import('./chat/matrix.js'),
  mattermost: () => import('./chat/mattermost.js'),
  'microsoft-graph': () => import('./docs/microsoft-graph.js'),
  notion: () => import('./docs/notion.js'),
  shopify: () => import('./commerce/shopify.js'),
  slack: () => import('./chat/slack.js'),
  stripe: () => import('./commerce/stripe.js'),
  telegram: () => import('./chat/telegram.js'),
  todoist: () => import('./projects/todoist.js'),
  trello: () => import('./projects/trello.js'),
};
