import type { AuthScheme, IntegrationField } from '../integration.js';

/** Credentials several connectors of one vendor take in the same form. */

/** Atlassian Cloud (Jira, Confluence, Bitbucket): Basic auth with the account email and an API token. */
export const atlassianAuth: AuthScheme = {
  type: 'basic',
  usernameField: 'email',
  passwordField: 'api_token',
};

export const atlassianFields: IntegrationField[] = [
  {
    name: 'email',
    label: 'Atlassian account email',
    secret: false,
    format: /^[^@\s]+@[^@\s]+\.[^@\s]+$/,
    example: 'ops@example.com',
  },
  {
    name: 'api_token',
    label: 'API token',
    secret: true,
    format: /^ATATT[A-Za-z0-9_=-]{20,}$/,
    example: 'ATATT3xFfGF0AbCdEfGhIjKlMnOpQrStUvWxYz0123456789=A1B2C3D4',
  },
];

/** The `{site}` of a Jira or Confluence Cloud base URL. */
export const atlassianSite: IntegrationField = {
  name: 'site',
  label: 'Site name (the part before .atlassian.net)',
  secret: false,
  format: /^[a-z0-9][a-z0-9-]*$/,
  example: 'acme',
};

/**
 * Google APIs: an OAuth client's refresh token, exchanged at Google's token endpoint. No scopes
 * are sent with the refresh, so the token keeps whatever the operator granted.
 */
export const googleAuth: AuthScheme = {
  type: 'oauth2',
  tokenUrl: 'https://oauth2.googleapis.com/token',
  clientIdField: 'client_id',
  clientSecretField: 'client_secret',
  refreshTokenField: 'refresh_token',
};

export const googleFields: IntegrationField[] = [
  {
    name: 'client_id',
    label: 'OAuth client ID',
    secret: false,
    format: /^\d+-[a-z0-9]+\.apps\.googleusercontent\.com$/,
    example: '123456789012-abcdefghijklmnopqrstuvwxyz012345.apps.googleusercontent.com',
  },
  {
    name: 'client_secret',
    label: 'OAuth client secret',
    secret: true,
    format: /^GOCSPX-[A-Za-z0-9_-]{28}$/,
    example: 'GOCSPX-AbCdEfGhIjKlMnOpQrStUvWxYz01',
  },
  {
    name: 'refresh_token',
    label: 'Refresh token',
    secret: true,
    format: /^1\/\/[A-Za-z0-9_-]{20,}$/,
    example: '1//0gAbCdEfGhIjKlMnOpQrStUvWxYz0123456789-AbCdEfGhIjKlMnOpQrStUvWx',
  },
];
