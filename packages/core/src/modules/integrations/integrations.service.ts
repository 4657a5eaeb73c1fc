import { createHash } from 'node:crypto';
import { NotFoundError, ValidationError } from '../../errors/app-error.js';
import { redactValue } from '../../security/redact.js';
import type { KvStore } from '../../store/kv/kv-store.js';
import { capStrings } from '../../util/cap-strings.js';
import type { AuditService } from '../audit/audit.plugin.js';
import type { ConfirmationService } from '../confirmations/confirmations.service.js';
import { needsConfirmation, needsSimulation } from '../skills/autonomy.js';
import type { AutonomyService } from '../skills/autonomy.service.js';
import type { Vault } from '../vault/vault.service.js';
import { type BreakerView, breakerKey, type CircuitBreaker } from './circuit-breaker.js';
import type { Connector, ConnectorRegistry, DynamicIntegration } from './connector-registry.js';
import { credentialName } from './credentials.js';
import type { RiskLevel } from './integration.js';
import { type CallRecord, EMPTY_STATS, type IntegrationCalls } from './integration-calls.js';
import { IntegrationNotFoundError, PolicyDeniedError } from './integration-errors.js';
import {
  allowedActions,
  type Caller,
  type CallResult,
  type IntegrationPipeline,
  type PreparedCall,
} from './integration-pipeline.js';
import { EMPTY_SETTINGS, type IntegrationSettingsStore } from './integrations.settings.js';
import {
  actionViews,
  type FieldStatus,
  fieldStatuses,
  type IntegrationDetail,
  type IntegrationSummary,
  isConfigured,
  lastFour,
  summarize,
} from './integrations.views.js';
import type { OAuthTokens } from './oauth-tokens.js';
import { assertHeaderSafe } from './path-template.js';
import { expandBaseUrl } from './request-builder.js';

/** The HTTP answer to an execute the autonomy mode holds for the operator. */
export interface AwaitingConfirmation {
  status: 'awaiting_confirmation';
  confirmation_id: string;
}

export interface ExecuteRequest {
  action: string;
  params?: Record<string, unknown> | undefined;
  /** An approved confirmation of this very call, to run it now. */
  confirmation_id?: string | undefined;
}

export interface TestResult {
  ok: boolean;
  action: string;
  status: number | null;
  duration_ms: number;
  error: string | null;
  message: string | null;
}

/** Who asks, for the audit rows of operator changes. */
export interface Operator {
  actor: string;
  requestId: string | null;
}

export interface IntegrationServiceDeps {
  registry: ConnectorRegistry;
  pipeline: IntegrationPipeline;
  settings: IntegrationSettingsStore;
  vault: Vault;
  kv: KvStore;
  oauth: OAuthTokens;
  breaker: CircuitBreaker;
  calls: IntegrationCalls;
  autonomy: AutonomyService;
  confirmations: ConfirmationService;
  audit: AuditService;
}

const AUDIT_PARAM_CHARS = 2_000;
/** A confirmed call may be run this long after its confirmation expires (then it is gone). */
const CONFIRMED_CALL_GRACE_MS = 3_600_000;

/**
 * The integration registry as the operator (the /integrations page, scripts) and the MCP module
 * use it: list and inspect connectors, set and remove credentials (write-only), point a
 * self-hosted product at its server, tune actions, test, reset a breaker, and execute through
 * the policy gate. Every change is audited; no method ever returns a credential.
 */
export class IntegrationService {
  constructor(private readonly deps: IntegrationServiceDeps) {}

  get registry(): ConnectorRegistry {
    return this.deps.registry;
  }

  get pipeline(): IntegrationPipeline {
    return this.deps.pipeline;
  }

  async list(): Promise<IntegrationSummary[]> {
    const [connectors, settings, stats] = await Promise.all([
      this.deps.registry.all(),
      this.deps.settings.all(),
      this.deps.calls.stats(),
    ]);
    return Promise.all(
      connectors.map(async (connector) => {
        const id = connector.definition.id;
        const breaker = await this.deps.breaker.view(id);
        return summarize(
          connector,
          settings.get(id) ?? EMPTY_SETTINGS,
          breaker,
          stats.get(id) ?? EMPTY_STATS,
        );
      }),
    );
  }

  async get(id: string): Promise<IntegrationDetail> {
    const connector = await this.connector(id);
    const [settings, breaker, stats, mode] = await Promise.all([
      this.deps.settings.get(id),
      this.deps.breaker.view(id),
      this.deps.calls.stats(),
      this.deps.autonomy.mode(),
    ]);
    return {
      ...summarize(connector, settings, breaker, stats.get(id) ?? EMPTY_STATS),
      actions: actionViews(connector, settings, (level) => needsConfirmation(level, mode)),
      rate_limit: connector.definition.rateLimit ?? null,
    };
  }

  async calls(id: string, limit: number): Promise<CallRecord[]> {
    await this.connector(id);
    return this.deps.calls.recent(id, limit);
  }

  /** Sets field values: secrets into the vault, the rest into the settings. Returns no value. */
  async setCredentials(
    id: string,
    values: Record<string, string>,
    by: Operator,
  ): Promise<FieldStatus[]> {
    const connector = await this.connector(id);
    const { fields } = connector.definition;
    const problems: Array<{ path: string; message: string }> = [];
    for (const [name, value] of Object.entries(values)) {
      const field = fields.find((f) => f.name === name);
      const path = `/values/${name}`;
      if (!field) problems.push({ path, message: 'is not a field of this integration' });
      else if (!value) problems.push({ path, message: 'is empty (remove credentials instead)' });
      else if (field.format && !field.format.test(value))
        problems.push({ path, message: `does not look like a ${field.label}` });
      else {
        try {
          assertHeaderSafe(value, 'values', name);
        } catch {
          problems.push({ path, message: 'contains a control character' });
        }
      }
    }
    if (Object.keys(values).length === 0)
      problems.push({ path: '/values', message: 'names no field' });
    if (problems.length > 0) throw new ValidationError('Invalid credentials', problems);
    const now = new Date().toISOString();
    for (const [name, value] of Object.entries(values))
      if (fields.find((f) => f.name === name)?.secret)
        await this.deps.vault.put(credentialName(id, name), value);
    const settings = await this.deps.settings.update(
      id,
      (current) => {
        for (const [name, value] of Object.entries(values)) {
          if (fields.find((f) => f.name === name)?.secret)
            current.secrets[name] = { set_at: now, last4: lastFour(value) };
          else current.fields[name] = value;
        }
        return current;
      },
      by.actor,
    );
    // New client credentials or refresh token: the cached access token belongs to the old ones.
    if (connector.kind === 'http' && connector.definition.auth.type === 'oauth2')
      await this.deps.oauth.forget(id);
    await this.deps.pipeline.stateChanged(id);
    this.audit('integration.credentials_set', id, by, { fields: Object.keys(values) });
    return fieldStatuses(fields, settings);
  }

  /** Removes the named fields' values, or all of them. */
  async removeCredentials(
    id: string,
    names: string[] | null,
    by: Operator,
  ): Promise<FieldStatus[]> {
    const connector = await this.connector(id);
    const { fields } = connector.definition;
    const unknown = (names ?? []).filter((name) => !fields.some((f) => f.name === name));
    if (unknown.length > 0)
      throw new ValidationError(
        'Unknown fields',
        unknown.map((name) => ({
          path: `/fields/${name}`,
          message: 'is not a field of this integration',
        })),
      );
    const removed = names ?? fields.map((f) => f.name);
    for (const name of removed)
      if (fields.find((f) => f.name === name)?.secret)
        await this.deps.vault.delete(credentialName(id, name));
    await this.deps.oauth.forget(id);
    await this.deps.pipeline.stateChanged(id);
    const settings = await this.deps.settings.update(
      id,
      (current) => {
        for (const name of removed) {
          delete current.secrets[name];
          delete current.fields[name];
        }
        return current;
      },
      by.actor,
    );
    this.audit('integration.credentials_remove', id, by, { fields: removed });
    return fieldStatuses(fields, settings);
  }

  /** Points a self-hostable connector at the operator's server (null: back to the default). */
  async setBaseUrl(id: string, baseUrl: string | null, by: Operator): Promise<IntegrationDetail> {
    const connector = await this.connector(id);
    if (connector.kind !== 'http' || !connector.definition.baseUrlOverride)
      throw new ValidationError("This integration's base URL is fixed", [
        { path: '/base_url', message: 'cannot be changed for this integration' },
      ]);
    let next: string | null = null;
    if (baseUrl !== null) {
      if (baseUrl.includes('{'))
        throw new ValidationError('The base URL names no fields', [
          { path: '/base_url', message: 'must be a plain URL' },
        ]);
      next = expandBaseUrl(baseUrl.trim(), {}).href.replace(/\/+$/, '');
    }
    const previous = (await this.deps.settings.get(id)).base_url;
    await this.deps.settings.update(id, (current) => ({ ...current, base_url: next }), by.actor);
    this.audit('integration.base_url_change', id, by, { from: previous, to: next });
    return this.get(id);
  }

  /** The operator's word on one action: its risk level (null: the connector's), or turned off. */
  async setActionPolicy(
    id: string,
    action: string,
    change: { risk?: RiskLevel | null | undefined; enabled?: boolean | undefined },
    by: Operator,
  ): Promise<IntegrationDetail> {
    const connector = await this.connector(id);
    if (!connector.definition.actions[action])
      throw new NotFoundError(`${id} has no action ${action}`);
    await this.deps.settings.update(
      id,
      (current) => {
        const entry = { ...current.actions[action] };
        if (change.risk === null) delete entry.risk;
        else if (change.risk !== undefined) entry.risk = change.risk;
        if (change.enabled !== undefined) entry.enabled = change.enabled;
        current.actions[action] = entry;
        return current;
      },
      by.actor,
    );
    this.audit('integration.action_change', id, by, { action, ...change });
    return this.get(id);
  }

  async resetBreaker(id: string, by: Operator): Promise<BreakerView> {
    await this.connector(id);
    const before = await this.deps.breaker.view(id);
    const after = await this.deps.breaker.reset(id);
    this.audit('integration.breaker_reset', id, by, { from: before.state });
    return after;
  }

  /** Calls the connector's read-only test action with no params. */
  async test(id: string, by: Operator, signal: AbortSignal): Promise<TestResult> {
    const connector = await this.connector(id);
    const action = connector.definition.testAction;
    const started = performance.now();
    let result: TestResult;
    try {
      const prepared = await this.deps.pipeline.prepare(id, action, {}, { includeDisabled: true });
      const call = await this.deps.pipeline.perform(prepared, { ...by, source: 'test', signal });
      result = {
        ok: true,
        action,
        status: call.status,
        duration_ms: call.duration_ms,
        error: null,
        message: null,
      };
    } catch (error) {
      const appError = error as {
        code?: string;
        message: string;
        extra?: { status?: number | null };
      };
      result = {
        ok: false,
        action,
        status: appError.extra?.status ?? null,
        duration_ms: Math.round(performance.now() - started),
        error: appError.code ?? 'internal_error',
        message: appError.code ? appError.message : 'The test failed',
      };
    }
    this.audit('integration.test', id, by, {
      ok: result.ok,
      status: result.status,
      error: result.error,
    });
    return result;
  }

  /**
   * The operator's execute: checks (1) and (2), the policy gate (3) with the autonomy mode (a
   * confirmation is created and the answer is awaiting_confirmation; the same call sent again
   * with that confirmation_id once approved runs it, once), then (4) to (6).
   */
  async execute(
    id: string,
    request: ExecuteRequest,
    caller: Caller,
  ): Promise<CallResult | AwaitingConfirmation> {
    const prepared = await this.deps.pipeline.prepare(id, request.action, request.params ?? {});
    try {
      const awaiting = await this.gate(prepared, request.confirmation_id, caller);
      if (awaiting) return awaiting;
    } catch (error) {
      this.auditExecute(prepared, caller, 'denied', error);
      throw error;
    }
    try {
      const result = await this.deps.pipeline.perform(prepared, caller);
      this.auditExecute(prepared, caller, 'ok', null, result);
      return result;
    } catch (error) {
      this.auditExecute(prepared, caller, 'error', error);
      throw error;
    }
  }

  /** Changes whenever any integration's settings change (on any replica). */
  settingsVersion(): Promise<string> {
    return this.deps.settings.version();
  }

  /**
   * Connectors with credentials set, for the model's skill description: the actions the operator
   * left on, each with its risk after the operator's override.
   */
  async configured(): Promise<
    Array<{ connector: Connector; actions: Array<{ name: string; risk: RiskLevel }> }>
  > {
    const settings = await this.deps.settings.all();
    // Only connectors with settings can be configured: the others stay unloaded (the first chat
    // after a connector is configured does not import all of them).
    const ids = this.deps.registry.ids().filter((id) => settings.has(id));
    const loaded = await Promise.all(ids.map((id) => this.deps.registry.get(id)));
    const connectors = loaded.filter(
      (connector): connector is Connector => connector !== undefined,
    );
    const configured: Array<{
      connector: Connector;
      actions: Array<{ name: string; risk: RiskLevel }>;
    }> = [];
    for (const connector of connectors) {
      const own = settings.get(connector.definition.id);
      if (!own || !isConfigured(connector, own)) continue;
      const actions = allowedActions(connector, own).map((name) => ({
        name,
        risk: own.actions[name]?.risk ?? connector.definition.actions[name]?.risk ?? 'destructive',
      }));
      configured.push({ connector, actions });
    }
    return configured;
  }

  /** Adds a connector at run time (an MCP server); see DynamicIntegration. */
  register(definition: DynamicIntegration): void {
    this.deps.registry.register(definition);
  }

  unregister(id: string): boolean {
    return this.deps.registry.unregister(id);
  }

  /**
   * Removes a run-time connector and what was kept for it: its secrets, the operator's settings
   * (action overrides included) and its breaker state, so a later one of the same id starts clean.
   */
  async forget(id: string, by: Operator): Promise<void> {
    const connector = await this.connector(id);
    if (connector.kind !== 'dynamic') throw new Error(`${id} is a shipped connector`);
    for (const field of connector.definition.fields)
      if (field.secret) await this.deps.vault.delete(credentialName(id, field.name));
    await this.deps.settings.delete(id);
    await this.deps.kv.delete(breakerKey(id));
    await this.deps.pipeline.stateChanged(id);
    this.deps.registry.unregister(id);
    this.audit('integration.removed', id, by, {});
  }

  private async gate(prepared: PreparedCall, confirmationId: string | undefined, caller: Caller) {
    const mode = await this.deps.autonomy.mode();
    if (!needsConfirmation(prepared.level, mode)) return null;
    const digest = callDigest(prepared);
    if (!confirmationId) {
      const confirmation = await this.deps.confirmations.request({
        requestId: caller.requestId ?? 'api',
        chatId: null,
        goalId: null,
        skill: 'integration_skill',
        level: prepared.level,
        input: {
          integration_id: prepared.integrationId,
          action: prepared.action,
          params: prepared.input,
        },
        simulation: needsSimulation(prepared.level) ? this.deps.pipeline.simulate(prepared) : null,
        // The operator's own call: no run read anything untrusted before it.
        taintedBy: null,
      });
      const ttlMs = Date.parse(confirmation.expires_at) - Date.now() + CONFIRMED_CALL_GRACE_MS;
      await this.deps.kv.set(confirmedKey(confirmation.confirmation_id), digest, { ttlMs });
      return {
        status: 'awaiting_confirmation' as const,
        confirmation_id: confirmation.confirmation_id,
      };
    }
    const [expected, confirmation] = await Promise.all([
      this.deps.kv.get(confirmedKey(confirmationId)),
      this.deps.confirmations.get(confirmationId).catch(() => null),
    ]);
    if (!expected || !confirmation)
      throw new PolicyDeniedError('No such confirmation, or it was used already');
    if (expected !== digest)
      throw new PolicyDeniedError('The confirmation was given for another call');
    if (confirmation.status === 'denied')
      throw new PolicyDeniedError(
        `The operator did not allow this call (${confirmation.decided_by ?? 'denied'})`,
      );
    if (confirmation.status === 'pending') {
      if (Date.parse(confirmation.expires_at) > Date.now())
        return { status: 'awaiting_confirmation' as const, confirmation_id: confirmationId };
      throw new PolicyDeniedError('The confirmation expired unanswered');
    }
    // Approved: the call runs once, on whichever replica gets here first.
    if (!(await this.deps.kv.delete(confirmedKey(confirmationId))))
      throw new PolicyDeniedError('No such confirmation, or it was used already');
    return null;
  }

  private async connector(id: string): Promise<Connector> {
    const connector = await this.deps.registry.get(id);
    if (!connector) throw new IntegrationNotFoundError(id);
    return connector;
  }

  private audit(action: string, id: string, by: Operator, detail: Record<string, unknown>) {
    this.deps.audit.record({
      action,
      actor: by.actor,
      target: id,
      detail,
      request_id: by.requestId,
    });
  }

  private auditExecute(
    prepared: PreparedCall,
    caller: Caller,
    status: 'ok' | 'error' | 'denied',
    error: unknown,
    result?: CallResult,
  ) {
    const code = (error as { code?: string } | null)?.code ?? (error ? 'internal_error' : null);
    this.deps.audit.record({
      action: 'integration.execute',
      actor: caller.actor,
      target: `${prepared.integrationId}.${prepared.action}`,
      detail: {
        risk: prepared.risk,
        level: prepared.level,
        status,
        http_status:
          result?.status ??
          (error as { extra?: { status?: unknown } } | null)?.extra?.status ??
          null,
        duration_ms: result?.duration_ms ?? null,
        params: capStrings(redactValue(prepared.input), AUDIT_PARAM_CHARS),
      },
      error: code,
      request_id: caller.requestId,
    });
  }
}

const confirmedKey = (confirmationId: string) => `int:confirmed-call:${confirmationId}`;

/** The call a confirmation is for: integration, action and params, key order ignored. */
function callDigest(prepared: PreparedCall): string {
  const canonical = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(canonical)
      : value && typeof value === 'object'
        ? Object.fromEntries(
            Object.entries(value)
              .sort(([a], [b]) => a.localeCompare(b))
              .map(([k, v]) => [k, canonical(v)]),
          )
        : value;
  const text = JSON.stringify(canonical([prepared.integrationId, prepared.action, prepared.input]));
  return createHash('sha256').update(text).digest('hex');
}
