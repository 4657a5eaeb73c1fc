import { AppError, ValidationError } from '../../errors/app-error.js';
import { REDACTED } from '../../security/redact.js';
import type { KvStore } from '../../store/kv/kv-store.js';
import { SharedKeyedCache } from '../../store/kv/shared-cache.js';
import { uuidv7 } from '../../util/uuid-v7.js';
import type { RuntimeEvents } from '../events/runtime-events.js';
import type { WorkGauge } from '../health/work-gauge.js';
import type { CapabilityLevel, SkillSimulation } from '../skills/skill.js';
import type { Vault } from '../vault/vault.service.js';
import type { Credentials } from './auth-placement.js';
import { type Admission, breakerKey, type CircuitBreaker } from './circuit-breaker.js';
import type { Connector, ConnectorRegistry } from './connector-registry.js';
import { CredentialScrubber } from './credential-scrubber.js';
import {
  credentialKeys,
  missingCredentials,
  OpenedSecrets,
  openCredentials,
} from './credentials.js';
import { buildCall, type HttpCall, sendCall } from './http-call.js';
import {
  type ActionDefinition,
  type IntegrationField,
  RISK_CAPABILITY,
  type RiskLevel,
} from './integration.js';
import type { IntegrationCalls } from './integration-calls.js';
import {
  ActionNotAllowedError,
  CircuitOpenError,
  CredentialsMissingError,
  IntegrationNotFoundError,
  UpstreamError,
} from './integration-errors.js';
import { answerExcerpt, parseAnswer } from './integration-result.js';
import { integrationSpan } from './integration-span.js';
import type { IntegrationMetrics } from './integrations.metrics.js';
import type { IntegrationSettings, IntegrationSettingsStore } from './integrations.settings.js';
import type { OAuthTokens } from './oauth-tokens.js';
import { TokenRefreshError } from './oauth-tokens.js';
import type { IntegrationRateLimiter } from './rate-limit.js';
import { buildRequest, serializeBody } from './request-builder.js';
import {
  countsAgainstBreaker,
  type FailureKind,
  failureOfStatus,
  TransportFailure,
  type UpstreamTransport,
} from './upstream.js';

const PROBE_BASE = new URL('https://params.check.invalid');
/** Where a change to an integration's breaker state or credentials is announced to every replica. */
const CALL_STATE_TOPIC = 'integrations:call-state';

/** What a call reads before it goes out: the breaker state and the sealed credentials. */
interface CallState {
  keys: string[];
  values: Array<string | null>;
}

/** A call that passed checks (1) and (2) and whose params are valid: ready for the policy gate. */
export interface PreparedCall {
  connector: Connector;
  integrationId: string;
  action: string;
  /** The params as validated by the action's schema (defaults applied). */
  input: Record<string, unknown>;
  /** The action's risk, or the operator's override of it. */
  risk: RiskLevel;
  level: CapabilityLevel;
  settings: IntegrationSettings;
}

export interface Caller {
  actor: string;
  requestId: string | null;
  source: 'api' | 'skill' | 'test';
  signal: AbortSignal;
}

export interface CallResult {
  integration_id: string;
  action: string;
  /** The vendor's HTTP status (for MCP servers, 200 unless they said otherwise). */
  status: number;
  result: unknown;
  /** The answer was longer than the read limit. */
  truncated: boolean;
  duration_ms: number;
}

export interface PipelineDeps {
  registry: ConnectorRegistry;
  settings: IntegrationSettingsStore;
  vault: Vault;
  kv: KvStore;
  transport: UpstreamTransport;
  oauth: OAuthTokens;
  breaker: CircuitBreaker;
  rateLimiter: IntegrationRateLimiter;
  metrics: IntegrationMetrics;
  calls: IntegrationCalls;
  events: RuntimeEvents;
  /** Counts the calls in flight as active work (the CPI's integration_calls). */
  work: WorkGauge;
}

/**
 * SPEC's execute rules, in order: (1) the integration exists, (2) the action is in its allowlist
 * (and the params fit its schema), (3) the policy gate judges the risk level, (4) credentials
 * are injected from the vault, (5) the circuit breaker, (6) metrics. `prepare` is (1) and (2);
 * the gate (3) belongs to the caller (the skill runner for the model, the HTTP route for the
 * operator), so both go through the autonomy modes and confirmations skills use; `perform` is
 * (4) to (6).
 */
export class IntegrationPipeline {
  private readonly opened: OpenedSecrets;
  /**
   * The breaker state and sealed credentials of each integration, read once and kept until a
   * change to either is announced (by this replica or another) or ten seconds pass: a call then
   * costs no key-value read. Every writer of either announces it through `stateChanged`.
   */
  private readonly state: SharedKeyedCache<CallState>;

  constructor(private readonly deps: PipelineDeps) {
    this.opened = new OpenedSecrets(deps.vault);
    this.state = new SharedKeyedCache(deps.kv, CALL_STATE_TOPIC, 10_000);
  }

  /** After a write to an integration's breaker state or credentials, on any replica's behalf. */
  stateChanged(integrationId: string): Promise<void> {
    return this.state.changed(integrationId);
  }

  async prepare(
    integrationId: string,
    action: string,
    params: unknown,
    /** The connection test runs the test action even when the operator turned it off. */
    options: { includeDisabled?: boolean } = {},
  ): Promise<PreparedCall> {
    const connector = await this.deps.registry.get(integrationId);
    if (!connector) throw new IntegrationNotFoundError(integrationId);
    const settings = await this.deps.settings.get(integrationId);
    const allowed = allowedActions(connector, settings);
    const definition = connector.definition.actions[action];
    if (!definition || (!allowed.includes(action) && !options.includeDisabled))
      throw new ActionNotAllowedError(integrationId, action, allowed);
    const parsed = definition.input.safeParse(params ?? {});
    if (!parsed.success) {
      const details = parsed.error.issues.map((issue) => ({
        path: `/params${issue.path.map((part) => `/${String(part)}`).join('')}`,
        message: issue.message,
      }));
      throw new ValidationError(`Invalid params for ${integrationId}.${action}`, details);
    }
    const input = parsed.data as Record<string, unknown>;
    // Params that would escape the path template are bad params too, refused before the gate.
    if (connector.kind === 'http')
      buildRequest(
        connector.definition,
        connector.definition.actions[action] as ActionDefinition,
        input,
        PROBE_BASE,
      );
    const risk = settings.actions[action]?.risk ?? definition.risk;
    return {
      connector,
      integrationId,
      action,
      input,
      risk,
      level: RISK_CAPABILITY[risk],
      settings,
    };
  }

  /** The dry run of a confirmation: the request without credentials; nothing is sent. */
  simulate(prepared: PreparedCall): SkillSimulation {
    const { connector, integrationId, action } = prepared;
    const warnings =
      prepared.risk === 'destructive' ? ['This action deletes data or moves money.'] : [];
    if (connector.kind === 'dynamic') {
      const details = connector.definition.preview?.(action, prepared.input) ?? {
        params: prepared.input,
      };
      return {
        summary: `Would call ${integrationId}.${action}`,
        details: { integration_id: integrationId, action, ...details },
        warnings,
      };
    }
    try {
      const built = buildCall(httpCall(prepared));
      const body = serializeBody(built);
      const url = built.url.href;
      return {
        summary: `Would send ${built.method} ${url}${body ? ` with a ${Buffer.byteLength(body)}-byte body` : ''}`,
        details: {
          integration_id: integrationId,
          action,
          risk: prepared.risk,
          method: built.method,
          url,
          headers: { ...built.headers, ...credentialHeaders(connector) },
          body: built.body ?? null,
          credentials: 'added from the vault when the call is sent',
        },
        warnings,
      };
    } catch (error) {
      return {
        summary: `The request cannot be built: ${(error as Error).message}`,
        details: { integration_id: integrationId, action },
        warnings: [...warnings, 'The call would fail before reaching the vendor.'],
      };
    }
  }

  async perform(prepared: PreparedCall, caller: Caller): Promise<CallResult> {
    const { integrationId: id, action, connector } = prepared;
    const started = performance.now();
    /** This call's credentials, hidden from its answer and from any error it ends with. */
    let scrubber = new CredentialScrubber();
    let failure: { code: string; message: string; status: number | null } | null = null;
    let reached = false;
    let status: number | null = null;
    const counted = this.deps.work.acquire();
    try {
      // (4) Credentials from the vault, sealed as stored and read (with the breaker's state) in
      // one round trip to the key-value store when they are not cached.
      const { fields } = connector.definition;
      const { vault, kv } = this.deps;
      const keys = [breakerKey(id), ...credentialKeys(vault, id, fields)];
      const { values } = await this.state.get(
        id,
        async () => ({ keys, values: await kv.getMany(keys) }),
        (cached) => cached.keys.join('\n') === keys.join('\n'),
      );
      const [breakerState, ...sealed] = values;
      const credentials = openCredentials(this.opened, id, fields, sealed);
      const missing = missingCredentials(fields, credentials);
      if (
        connector.kind === 'http' &&
        connector.definition.baseUrlOverride === 'required' &&
        !prepared.settings.base_url
      )
        missing.unshift('base_url');
      if (missing.length > 0) throw new CredentialsMissingError(id, missing);
      scrubber = new CredentialScrubber(Object.values(credentials));

      const rateLimit = connector.definition.rateLimit;
      if (rateLimit) await this.deps.rateLimiter.take(id, rateLimit, caller.signal);
      // (5) The circuit breaker (read afresh when the rate limit may have made the call wait).
      const admission = await this.deps.breaker.admit(id, rateLimit ? undefined : breakerState);
      if (!admission.allowed)
        throw new CircuitOpenError(id, Math.max(1, Math.ceil(admission.retryAfterMs / 1000)));
      reached = true;
      const answer = await integrationSpan(id, action, () =>
        this.send(prepared, credentials, scrubber, admission, caller.signal),
      );
      status = answer.status;
      return {
        integration_id: id,
        action,
        status: answer.status,
        result: answer.result,
        truncated: answer.truncated,
        duration_ms: Math.round(performance.now() - started),
      };
    } catch (error) {
      // Whatever failed, and wherever the failure's text came from (a URL with the key in its
      // query, a vendor's echo of the request), no credential goes on in it.
      scrubber.error(error);
      const appError = error instanceof AppError ? error : null;
      failure = {
        code: caller.signal.aborted
          ? 'cancelled'
          : error instanceof UpstreamError
            ? error.kind
            : (appError?.code ?? 'internal_error'),
        message: appError?.expose ? appError.message : 'The call failed',
        status:
          error instanceof UpstreamError ? ((error.extra.status as number | null) ?? null) : null,
      };
      throw error;
    } finally {
      counted.release();
      // (6) Metrics, the call log and the live feed, whatever happened.
      const duration = performance.now() - started;
      if (reached) this.deps.metrics.call(id, action, failure?.code ?? null, duration / 1000);
      else if (failure) this.deps.metrics.refused(id, action, failure.code);
      this.deps.calls.record({
        call_id: uuidv7(),
        integration_id: id,
        action,
        source: caller.source,
        actor: caller.actor,
        status: failure ? 'error' : 'ok',
        error: failure?.code ?? null,
        message: failure?.message.slice(0, 500) ?? null,
        http_status: failure?.status ?? status,
        duration_ms: Math.round(duration),
        request_id: caller.requestId,
      });
      this.deps.events.emit('integration-call', {
        integration_id: id,
        action,
        source: caller.source,
        status: failure ? 'error' : 'ok',
        error: failure?.code ?? null,
        duration_ms: Math.round(duration),
      });
    }
  }

  /** The vendor step: one call (retries and an OAuth refresh inside), judged for the breaker. */
  private async send(
    prepared: PreparedCall,
    credentials: Credentials,
    scrubber: CredentialScrubber,
    admission: Admission,
    signal: AbortSignal,
  ) {
    const { breaker } = this.deps;
    const id = prepared.integrationId;
    let answer: {
      status: number;
      result: unknown;
      truncated: boolean;
      excerpt: () => string;
      /** The failure a 2xx answer reports, if any. */
      reported?: string | null;
    };
    try {
      answer = await this.exchange(prepared, credentials, scrubber, signal);
    } catch (error) {
      if (signal.aborted) throw error;
      const failure = error instanceof TransportFailure ? error : null;
      if (failure && countsAgainstBreaker(failure.kind)) await breaker.failure(id, admission);
      else if (error instanceof TokenRefreshError)
        await this.judge(id, admission, failureOfStatus(error.status ?? 0));
      if (failure) throw new UpstreamError(failure.kind, null, `${id}: ${failure.message}`);
      if (error instanceof TokenRefreshError)
        throw new UpstreamError(
          failureOfStatus(error.status ?? 502) ?? 'upstream_4xx',
          error.status,
          `${id}: ${error.message}`,
        );
      throw error;
    }
    const kind = failureOfStatus(answer.status) ?? (answer.reported ? 'upstream_reported' : null);
    await this.judge(id, admission, kind);
    if (kind)
      throw new UpstreamError(
        kind,
        answer.status,
        `${id} answered ${answer.status}${answer.reported ? ' with an error' : ''}: ${answer.reported?.slice(0, 300) ?? answer.excerpt()}`,
      );
    return answer;
  }

  private async judge(id: string, admission: Admission, kind: FailureKind | null) {
    if (kind && countsAgainstBreaker(kind)) await this.deps.breaker.failure(id, admission);
    else await this.deps.breaker.success(id, admission);
  }

  /** The vendor's answer, read through the scrubber: as the result and as an error's excerpt. */
  private async exchange(
    prepared: PreparedCall,
    credentials: Credentials,
    scrubber: CredentialScrubber,
    signal: AbortSignal,
  ) {
    const { connector } = prepared;
    if (connector.kind === 'dynamic') {
      const answer = await connector.definition.invoke({
        action: prepared.action,
        input: prepared.input,
        credentials,
        values: fieldValues(connector.definition.fields, prepared.settings),
        signal,
      });
      const status = answer.status ?? 200;
      const response = {
        status,
        headers: {},
        contentType: 'application/json',
        body: Buffer.from(JSON.stringify(answer.body ?? null)),
        truncated: false,
      };
      return {
        status,
        result: parseAnswer(response, scrubber),
        truncated: false,
        excerpt: () => answerExcerpt(response, scrubber),
      };
    }
    const call = httpCall(prepared);
    const { response } = await sendCall(call, credentials, {
      transport: this.deps.transport,
      oauth: this.deps.oauth,
      scrubber,
      signal,
    });
    const parsed = parseAnswer(response, scrubber);
    const shape = call.action.result;
    const reported =
      response.status < 400 && connector.definition.failureIn
        ? connector.definition.failureIn(parsed)
        : null;
    return {
      status: response.status,
      result: shape && response.status < 400 && typeof parsed === 'object' ? shape(parsed) : parsed,
      truncated: response.truncated,
      excerpt: () => answerExcerpt(response, scrubber),
      reported,
    };
  }
}

/** The actions the operator has not turned off. */
export function allowedActions(connector: Connector, settings: IntegrationSettings): string[] {
  return Object.keys(connector.definition.actions).filter(
    (name) => settings.actions[name]?.enabled !== false,
  );
}

/** Non-secret field values: the operator's, else the field's default. */
export function fieldValues(
  fields: readonly IntegrationField[],
  settings: IntegrationSettings,
): Record<string, string> {
  const values: Record<string, string> = {};
  for (const field of fields) {
    if (field.secret) continue;
    const value = settings.fields[field.name] ?? field.default;
    if (value !== undefined) values[field.name] = value;
  }
  return values;
}

function httpCall(prepared: PreparedCall): HttpCall {
  if (prepared.connector.kind !== 'http') throw new Error('not an HTTP connector');
  const { definition } = prepared.connector;
  const override = definition.baseUrlOverride ? prepared.settings.base_url : null;
  return {
    definition,
    action: definition.actions[prepared.action] as HttpCall['action'],
    input: prepared.input,
    baseUrl: override ?? definition.baseUrl,
    ...(override ? { operatorHost: new URL(override).hostname } : {}),
    values: fieldValues(definition.fields, prepared.settings),
  };
}

/** The headers credentials go into, shown with their value hidden. */
function credentialHeaders(connector: Connector): Record<string, string> {
  if (connector.kind !== 'http') return {};
  const { auth } = connector.definition;
  if (auth.type === 'bearer') return { [(auth.header ?? 'authorization').toLowerCase()]: REDACTED };
  if (auth.type === 'basic' || auth.type === 'oauth2') return { authorization: REDACTED };
  if (auth.type === 'api_key')
    return Object.fromEntries(
      auth.placements
        .filter((placement) => placement.in === 'header')
        .map((placement) => [(placement.name ?? placement.field).toLowerCase(), REDACTED]),
    );
  return {};
}
