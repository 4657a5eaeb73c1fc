/**
 * Credential formats of the vendors the integration registry ships connectors for, where the
 * format has a shape of its own (a prefix, a fixed layout). Formats without one (bare hex keys,
 * UUIDs) would hide commit hashes and ids too: those credentials are hidden by value instead,
 * as soon as the vault hands them out. Formats secretlint's preset knows (Grafana, Linear, SendGrid,
 * Shopify, GitHub, GitLab, Slack, npm...) are left to it. The credential-leak contract test checks that every
 * shipped connector's format is covered one way or the other.
 */
export const VENDOR_TOKEN_PATTERNS: RegExp[] = [
  /\bpat[A-Za-z0-9]{14}\.[0-9a-f]{64}\b/g, // Airtable personal access token
  /\b\d\/\d{6,}(?:\/\d+)?:[0-9a-f]{32}\b/g, // Asana personal access token
  /\bATAT[A-Za-z0-9_=-]{20,}/g, // Atlassian API token (Jira, Confluence, Bitbucket)
  /\bATTA[A-Za-z0-9]{60,}\b/g, // Trello token
  /\bpk_\d+_[A-Z0-9]{32}\b/g, // ClickUp personal token
  /\bCG-[A-Za-z0-9]{20,}\b/g, // CoinGecko API key
  /\bdo[opr]_v1_[0-9a-f]{64}\b/g, // DigitalOcean token
  /\b[MNO][A-Za-z0-9_-]{23,27}\.[A-Za-z0-9_-]{6,7}\.[A-Za-z0-9_-]{27,}\b/g, // Discord bot token
  /\bGOCSPX-[A-Za-z0-9_-]{28}\b/g, // Google OAuth client secret
  /\b1\/\/0[A-Za-z0-9_-]{20,}/g, // Google OAuth refresh token
  /\bpat-[a-z]{2}\d-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/g, // HubSpot
  /\bkey-[0-9a-f]{32}\b/g, // Mailgun API key (old form)
  /\b[0-9a-f]{32}-[0-9a-f]{8}-[0-9a-f]{8}\b/g, // Mailgun API key
  /\bsy[td]_[A-Za-z0-9_]+_[A-Za-z0-9]{10,}_[A-Za-z0-9]{6}\b/g, // Matrix (Synapse) access token
  /\bnfp_[A-Za-z0-9]{36,}\b/g, // Netlify personal access token
  /\b[A-Za-z0-9]{5}(?:-[A-Za-z0-9]{5}){4}\b/g, // Nextcloud app password
  /\bntn_[A-Za-z0-9]{40,}\b/g, // Notion integration token
  /\bsecret_[A-Za-z0-9]{43}\b/g, // Notion integration token (old form)
  /\btk_[A-Za-z0-9]{29}\b/g, // ntfy access token
  /\bsntry[us]_[A-Za-z0-9+/=_.-]{20,}/g, // Sentry auth token
  /\buk\d+_[A-Za-z0-9_-]{16,}/g, // Uptime Kuma API key
];
