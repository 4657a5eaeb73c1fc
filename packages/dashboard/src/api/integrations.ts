import { request } from './client';
import type { CapabilityLevel } from './skills';

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

export const RISK_LEVELS = ['read', 'write', 'destructive'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

export type BreakerStateName = 'CLOSED' | 'OPEN' | 'HALF_OPEN';

/** A value the operator enters; a secret's value is never sent back, only whether it is set. */
export interface IntegrationField {
  name: string;
  label: string;
  secret: boolean;
  optional: boolean;
  set: boolean;
  set_at: string | null;
  /** Last four characters of a secret of 16 or more. */
  last4: string | null;
  /** A non-secret field's value; always null for a secret. */
  value: string | null;
  example: string;
}

export interface Breaker {
  state: BreakerStateName;
  failures: number;
  opened_at: string | null;
  /** Seconds until a call may go through. */
  retry_after: number;
}

export interface IntegrationStats {
  calls: number;
  errors: number;
  error_rate: number;
  last_call_at: string | null;
  last_error: { error: string; message: string | null; at: string } | null;
}

export interface IntegrationSummary {
  id: string;
  name: string;
  category: IntegrationCategory;
  source: 'builtin' | 'dynamic';
  docs_url: string | null;
  api_version: string | null;
  auth_type: string;
  base_url: string | null;
  default_base_url: string | null;
  base_url_override: 'optional' | 'required' | null;
  base_url_overridden: boolean;
  configured: boolean;
  fields: IntegrationField[];
  breaker: Breaker;
  /** Calls of the last 24 hours. */
  stats: IntegrationStats;
  action_count: number;
  test_action: string;
}

export interface IntegrationAction {
  name: string;
  description: string;
  risk: RiskLevel;
  default_risk: RiskLevel;
  level: CapabilityLevel;
  enabled: boolean;
  /** Under the current autonomy mode. */
  needs_confirmation: boolean;
  method: string | null;
  path: string | null;
  /** JSON Schema of the action's params. */
  input_schema: unknown;
}

export interface IntegrationDetail extends IntegrationSummary {
  actions: IntegrationAction[];
  rate_limit: { requests: number; perSeconds: number } | null;
}

export interface IntegrationCall {
  call_id: string;
  integration_id: string;
  action: string;
  source: 'api' | 'skill' | 'test';
  actor: string;
  status: 'ok' | 'error';
  error: string | null;
  message: string | null;
  http_status: number | null;
  duration_ms: number;
  request_id: string | null;
  created_at: string;
}

export interface TestResult {
  ok: boolean;
  action: string;
  status: number | null;
  duration_ms: number;
  error: string | null;
  message: string | null;
}

export interface ExecuteRequest {
  action: string;
  params?: Record<string, unknown>;
  /** The approved confirmation of this same call, to run it. */
  confirmation_id?: string;
}

export interface ExecuteResult {
  ok: true;
  integration_id: string;
  action: string;
  status: number;
  result: unknown;
  truncated: boolean;
  duration_ms: number;
}

export interface AwaitingConfirmation {
  status: 'awaiting_confirmation';
  confirmation_id: string;
}

const base = (id: string) => `/api/integrations/${encodeURIComponent(id)}`;

export const fetchIntegrations = (signal?: AbortSignal) =>
  request<{ integrations: IntegrationSummary[] }>('/api/integrations', { signal });

export const fetchIntegration = (id: string, signal?: AbortSignal) =>
  request<IntegrationDetail>(base(id), { signal });

export const fetchIntegrationCalls = (id: string, limit: number, signal?: AbortSignal) =>
  request<{ calls: IntegrationCall[] }>(`${base(id)}/calls`, { query: { limit }, signal });

export const setIntegrationCredentials = (id: string, values: Record<string, string>) =>
  request<{ fields: IntegrationField[] }>(`${base(id)}/credentials`, {
    method: 'PUT',
    body: { values },
  });

/** Removes every credential of the connector. */
export const removeIntegrationCredentials = (id: string) =>
  request<{ fields: IntegrationField[] }>(`${base(id)}/credentials`, { method: 'DELETE' });

export const setIntegrationBaseUrl = (id: string, baseUrl: string | null) =>
  request<IntegrationDetail>(`${base(id)}/base-url`, {
    method: 'PUT',
    body: { base_url: baseUrl },
  });

export const setActionPolicy = (
  id: string,
  action: string,
  change: { risk?: RiskLevel | null; enabled?: boolean },
) =>
  request<IntegrationDetail>(`${base(id)}/actions/${encodeURIComponent(action)}`, {
    method: 'PUT',
    body: change,
  });

export const testIntegration = (id: string) =>
  request<TestResult>(`${base(id)}/test`, { method: 'POST' });

export const resetIntegrationBreaker = (id: string) =>
  request<{ ok: true; breaker: Breaker }>(`${base(id)}/breaker/reset`, { method: 'POST' });

/** 200 with the vendor's answer, or 202 when the operator has to confirm the call first. */
export const executeIntegrationAction = (id: string, body: ExecuteRequest) =>
  request<ExecuteResult | AwaitingConfirmation>(`${base(id)}/execute`, {
    method: 'POST',
    body,
  });
