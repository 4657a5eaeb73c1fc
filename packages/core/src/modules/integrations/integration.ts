import type { z } from 'zod';
import type { CapabilityLevel } from '../skills/skill.js';

/**
 * The connector contract. A connector is data: one file per connector,
 * `connectors/<category>/<id>.ts`, whose default export is `defineIntegration({...})`, listed in
 * `connectors/index.ts`. The registry turns an action and its params into one HTTP
 * request, injects the credentials at the moment of the call, and runs it through the policy gate,
 * the circuit breaker and the metrics; a connector file never sees a credential value.
 */

export const INTEGRATION_CATEGORIES = [
  'chat',
  'code',
  'projects',
  'docs',
  'ops',
  'messaging',
  'commerce',
  'home',
  'public',
  'generic',
] as const;
export type IntegrationCategory = (typeof INTEGRATION_CATEGORIES)[number];

/**
 * What an action does to the world on the other side. The policy gate judges the capability level
 * it maps to: reads are audited, writes need the operator in SEMI mode like shell does, and
 * destructive or money-moving actions go through the soft safety gate's PRIVILEGED handling.
 */
export const RISK_LEVELS = ['read', 'write', 'destructive'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

export const RISK_CAPABILITY: Record<RiskLevel, CapabilityLevel> = {
  read: 'CONTROLLED',
  write: 'RESTRICTED',
  destructive: 'PRIVILEGED',
};

/**
 * One value the operator enters for a connector. Secret fields are sealed in the vault and are
 * write-only; the others (a Twilio account SID, a Shopify shop name) are account settings shown
 * back to the operator.
 */
export interface IntegrationField {
  /** snake_case; the base URL may name it as `{name}`. */
  name: string;
  label: string;
  secret: boolean;
  /** The vendor's format. A value that does not match is refused when set. */
  format?: RegExp;
  /** A made-up value in the vendor's format, for the docs and the contract tests. Never real. */
  example: string;
  /** Used when the operator leaves the field empty (Wikipedia's language `en`). */
  default?: string;
  /**
   * An optional field may stay empty; a connector is "configured" when every other one is set.
   * An empty optional credential is simply not sent (the generic connector's Authorization).
   */
  optional?: boolean;
}

/** Where an API key goes. `path` means the base URL names the field (`/bot{token}`). */
export interface ApiKeyPlacement {
  in: 'header' | 'query' | 'body' | 'path';
  /** Header, query parameter or body field name (not used for `path`). */
  name?: string;
  /** The IntegrationField that holds the value. */
  field: string;
  /** Written before the value, such as `Bot ` or `GenieKey `. */
  prefix?: string;
}

export type AuthScheme =
  | { type: 'none' }
  /** `Authorization: <prefix> <token>`; the prefix defaults to `Bearer`. */
  | { type: 'bearer'; field: string; prefix?: string; header?: string }
  /** HTTP Basic; `username` fixes the user part where the vendor does (Mailgun's `api`). */
  | { type: 'basic'; usernameField?: string; username?: string; passwordField: string }
  | { type: 'api_key'; placements: ApiKeyPlacement[] }
  /**
   * OAuth 2.0 refresh-token grant: the access token is obtained from `tokenUrl` with the refresh
   * token, cached (sealed, never in clear), sent as a bearer token and refreshed once on a 401.
   * `tokenUrl` is a URL (it may name fields), or a path on the base URL's host (self-hosted).
   */
  | {
      type: 'oauth2';
      tokenUrl: string;
      clientIdField: string;
      clientSecretField: string;
      refreshTokenField: string;
      scopes?: string[];
      /** How the client authenticates at the token endpoint (default `body`). */
      clientAuthentication?: 'basic' | 'body';
    };

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | undefined | null;

/**
 * One action of a connector.
 *
 * Path templates: `{name}` is replaced by that input field encoded as one path segment (a `/`,
 * `..`, an encoded slash or a control character in the value is refused); `{name*}` takes several
 * segments separated by `/`, each encoded and checked the same way. The host always comes from the
 * base URL, never from params.
 */
// biome-ignore lint/suspicious/noExplicitAny: actions of different input types share one record
export interface ActionDefinition<Input extends Record<string, unknown> = any> {
  /** One short line for the model: what it does. */
  description: string;
  risk: RiskLevel;
  method: HttpMethod;
  path: string;
  /** Fields carry `.describe()` text; the model fetches this schema on demand. */
  input: z.ZodType<Input>;
  /** Input fields sent as the query string, by name, or a function for renames and defaults. */
  query?: readonly string[] | ((input: Input) => Record<string, QueryValue>);
  /** Input fields sent as the body, by name, or a function that builds the body. */
  body?: readonly string[] | ((input: Input) => unknown);
  /** `json` (default) or `form` (application/x-www-form-urlencoded). */
  bodyType?: 'json' | 'form';
  /** Fixed headers this action needs beyond the connector's. */
  headers?: Record<string, string>;
  /** Keeps what the model needs of a large answer. */
  result?: (body: unknown) => unknown;
  /**
   * A documented call: an input and the request line the vendor documents for it, as sent to the
   * default base URL's host: the whole path (the base URL's own path included) and the query, such
   * as `GET /repos/octo/hello/issues?state=open` for GitHub or `POST /api/chat.postMessage` for
   * Slack (base `https://slack.com/api`). Credentials are not in it, except a secret field that
   * the base URL names (`/bot{token}`), which appears as that field's example. Other fields the base
   * URL names take their default, or else their example. The contract test builds the input and compares;
   * the docs show it.
   */
  example: { input: Input; request: string };
}

/** Connector ids: lowercase letters, digits and `-`. */
export const INTEGRATION_ID = /^[a-z][a-z0-9-]{0,62}$/;
/** Action names: snake_case. `describe` is taken by integration_skill (it returns the schemas). */
export const ACTION_NAME = /^[a-z][a-z0-9_]{0,62}$/;
export const RESERVED_ACTIONS: readonly string[] = ['describe'];

export interface IntegrationDefinition {
  /** Lowercase letters, digits and `-`; the `{integration_id}` of the API. */
  id: string;
  name: string;
  category: IntegrationCategory;
  /** The vendor's API reference, and the API version the actions follow. */
  docsUrl: string;
  apiVersion: string;
  /** Default base URL, `https://` and may name fields (`https://{shop}.myshopify.com`). */
  baseUrl: string;
  /**
   * `optional`: a self-hostable product, the operator may point it at their own server (it may
   * live in the LAN); `required`: no default, the operator must set it (the generic connector).
   */
  baseUrlOverride?: 'optional' | 'required';
  auth: AuthScheme;
  fields: IntegrationField[];
  /** Fixed headers every call sends (an API version header, an Accept type). */
  headers?: Record<string, string>;
  /** Calls allowed per window, kept below the vendor's published limit. */
  rateLimit?: { requests: number; perSeconds: number };
  /**
   * For vendors that report some failures inside a 2xx answer (Slack's `"ok": false`, GraphQL's
   * `errors`): the vendor's error message when the parsed answer is one, else null. Such an
   * answer is an upstream_error and counts against the circuit breaker.
   */
  failureIn?: (body: unknown) => string | null;
  /**
   * A read action that proves the credentials work; it is called with no params, so every
   * field of its input is optional (or has a default).
   */
  testAction: string;
  actions: Record<string, ActionDefinition>;
}

/** Keeps an action's input type and its mappings in step. */
export function defineAction<Input extends Record<string, unknown>>(
  action: ActionDefinition<Input>,
): ActionDefinition<Input> {
  return action;
}

export function defineIntegration(definition: IntegrationDefinition): IntegrationDefinition {
  return definition;
}
