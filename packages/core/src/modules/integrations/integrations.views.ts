import { z } from 'zod';
import type { CapabilityLevel } from '../skills/skill.js';
import type { BreakerView } from './circuit-breaker.js';
import type { Connector } from './connector-registry.js';
import type { IntegrationCategory, IntegrationField, RiskLevel } from './integration.js';
import { RISK_CAPABILITY } from './integration.js';
import type { CallStats } from './integration-calls.js';
import type { IntegrationSettings } from './integrations.settings.js';

/** One field as the operator sees it: a secret is never shown, only whether and when it was set. */
export interface FieldStatus {
  name: string;
  label: string;
  secret: boolean;
  optional: boolean;
  set: boolean;
  /** When a secret was set. */
  set_at: string | null;
  /** The last four characters of a secret of 16 or more; null otherwise. */
  last4: string | null;
  /** A non-secret field's value (or its default); always null for a secret. */
  value: string | null;
  /** A made-up value in the vendor's format, as a placeholder. */
  example: string;
}

export interface IntegrationSummary {
  id: string;
  name: string;
  category: IntegrationCategory;
  /** `builtin`: shipped as data; `dynamic`: registered at run time (an MCP server). */
  source: 'builtin' | 'dynamic';
  docs_url: string | null;
  api_version: string | null;
  auth_type: string;
  /** The base URL calls go to, or null while a required one is unset. */
  base_url: string | null;
  default_base_url: string | null;
  base_url_override: 'optional' | 'required' | null;
  base_url_overridden: boolean;
  configured: boolean;
  fields: FieldStatus[];
  breaker: BreakerView;
  stats: CallStats;
  action_count: number;
  test_action: string;
}

export interface ActionView {
  name: string;
  description: string;
  /** In force: the operator's override, or the connector's. */
  risk: RiskLevel;
  default_risk: RiskLevel;
  level: CapabilityLevel;
  enabled: boolean;
  /** Under the current autonomy mode. */
  needs_confirmation: boolean;
  /** HTTP connectors: the method and path template. */
  method: string | null;
  path: string | null;
  input_schema: unknown;
}

export interface IntegrationDetail extends IntegrationSummary {
  actions: ActionView[];
  rate_limit: { requests: number; perSeconds: number } | null;
}

/** A secret's last characters are shown only when that leaves most of it unknown. */
export const lastFour = (value: string) => (value.length >= 16 ? value.slice(-4) : null);

export function fieldStatuses(
  fields: readonly IntegrationField[],
  settings: IntegrationSettings,
): FieldStatus[] {
  return fields.map((field) => {
    const secret = settings.secrets[field.name];
    const value = field.secret ? null : (settings.fields[field.name] ?? field.default ?? null);
    return {
      name: field.name,
      label: field.label,
      secret: field.secret,
      optional: field.optional ?? false,
      set: field.secret ? secret !== undefined : value !== null,
      set_at: secret?.set_at ?? null,
      last4: secret?.last4 ?? null,
      value,
      example: field.example,
    };
  });
}

/** Every required field set, and the base URL where the connector has none of its own. */
export function isConfigured(connector: Connector, settings: IntegrationSettings): boolean {
  const fields = fieldStatuses(connector.definition.fields, settings);
  if (fields.some((field) => !field.optional && !field.set)) return false;
  return !(
    connector.kind === 'http' &&
    connector.definition.baseUrlOverride === 'required' &&
    !settings.base_url
  );
}

export function summarize(
  connector: Connector,
  settings: IntegrationSettings,
  breaker: BreakerView,
  stats: CallStats,
): IntegrationSummary {
  const { definition } = connector;
  const http = connector.kind === 'http' ? connector.definition : null;
  const override = http?.baseUrlOverride ? settings.base_url : null;
  const baseUrl = override ?? (http && http.baseUrlOverride !== 'required' ? http.baseUrl : null);
  return {
    id: definition.id,
    name: definition.name,
    category: definition.category,
    source: http ? 'builtin' : 'dynamic',
    docs_url: definition.docsUrl ?? null,
    api_version: http?.apiVersion ?? null,
    auth_type: http ? http.auth.type : 'mcp',
    base_url: baseUrl,
    default_base_url: http && http.baseUrlOverride !== 'required' ? http.baseUrl : null,
    base_url_override: http?.baseUrlOverride ?? null,
    base_url_overridden: override !== null,
    configured: isConfigured(connector, settings),
    fields: fieldStatuses(definition.fields, settings),
    breaker,
    stats,
    action_count: Object.keys(definition.actions).length,
    test_action: definition.testAction,
  };
}

export function actionViews(
  connector: Connector,
  settings: IntegrationSettings,
  needsConfirmation: (level: (typeof RISK_CAPABILITY)[RiskLevel]) => boolean,
): ActionView[] {
  return Object.entries(connector.definition.actions).map(([name, action]) => {
    const risk: RiskLevel = settings.actions[name]?.risk ?? action.risk;
    const http = connector.kind === 'http' ? connector.definition.actions[name] : undefined;
    return {
      name,
      description: action.description,
      risk,
      default_risk: action.risk,
      level: RISK_CAPABILITY[risk],
      enabled: settings.actions[name]?.enabled !== false,
      needs_confirmation: needsConfirmation(RISK_CAPABILITY[risk]),
      method: http?.method ?? null,
      path: http?.path ?? null,
      input_schema:
        'jsonSchema' in action && action.jsonSchema ? action.jsonSchema : inputSchema(action.input),
    };
  });
}

const schemas = new WeakMap<z.ZodType, unknown>();

/** An action's input as JSON Schema (cached: the model asks for it again and again). */
export function inputSchema(input: z.ZodType): unknown {
  let schema = schemas.get(input);
  if (!schema) {
    schema = z.toJSONSchema(input, { io: 'input', unrepresentable: 'any' });
    delete (schema as { $schema?: unknown }).$schema;
    schemas.set(input, schema);
  }
  return schema;
}
