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
  arxiv: () => import('./public/arxiv.js'),
  asana: () => import('./projects/asana.js'),
  bitbucket: () => import('./code/bitbucket.js'),
  clickup: () => import('./projects/clickup.js'),
  cloudflare: () => import('./ops/cloudflare.js'),
  coingecko: () => import('./public/coingecko.js'),
  confluence: () => import('./docs/confluence.js'),
  datadog: () => import('./ops/datadog.js'),
  digitalocean: () => import('./ops/digitalocean.js'),
  discord: () => import('./chat/discord.js'),
  gitea: () => import('./code/gitea.js'),
  github: () => import('./code/github.js'),
  gitlab: () => import('./code/gitlab.js'),
  'google-calendar': () => import('./docs/google-calendar.js'),
  'google-drive': () => import('./docs/google-drive.js'),
  'google-sheets': () => import('./docs/google-sheets.js'),
  gotify: () => import('./messaging/gotify.js'),
  grafana: () => import('./ops/grafana.js'),
  'hacker-news': () => import('./public/hacker-news.js'),
  'home-assistant': () => import('./home/home-assistant.js'),
  http: () => import('./generic/http.js'),
  hubspot: () => import('./commerce/hubspot.js'),
  jellyfin: () => import('./home/jellyfin.js'),
  jira: () => import('./projects/jira.js'),
  linear: () => import('./projects/linear.js'),
  mailgun: () => import('./messaging/mailgun.js'),
  matrix: () => import('./chat/matrix.js'),
  mattermost: () => import('./chat/mattermost.js'),
  'microsoft-graph': () => import('./docs/microsoft-graph.js'),
  netlify: () => import('./ops/netlify.js'),
  nextcloud: () => import('./home/nextcloud.js'),
  notion: () => import('./docs/notion.js'),
  ntfy: () => import('./messaging/ntfy.js'),
  ollama: () => import('./ops/ollama.js'),
  openweather: () => import('./public/openweather.js'),
  opsgenie: () => import('./ops/opsgenie.js'),
  pagerduty: () => import('./ops/pagerduty.js'),
  postmark: () => import('./messaging/postmark.js'),
  pushover: () => import('./messaging/pushover.js'),
  sendgrid: () => import('./messaging/sendgrid.js'),
  sentry: () => import('./ops/sentry.js'),
  shopify: () => import('./commerce/shopify.js'),
  slack: () => import('./chat/slack.js'),
  spotify: () => import('./home/spotify.js'),
  stripe: () => import('./commerce/stripe.js'),
  telegram: () => import('./chat/telegram.js'),
  todoist: () => import('./projects/todoist.js'),
  trello: () => import('./projects/trello.js'),
  twilio: () => import('./messaging/twilio.js'),
  'uptime-kuma': () => import('./ops/uptime-kuma.js'),
  vercel: () => import('./ops/vercel.js'),
  wikipedia: () => import('./public/wikipedia.js'),
};
