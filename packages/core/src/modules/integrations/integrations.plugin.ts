import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SafeFetcher } from '../../net/safe-fetch.js';
import { createSsrfGuard } from '../../net/ssrf.js';
import { CircuitBreaker } from './circuit-breaker.js';
import { ConnectorRegistry } from './connector-registry.js';
import { IntegrationCalls } from './integration-calls.js';
import { IntegrationPipeline } from './integration-pipeline.js';
import { createIntegrationSkill } from './integration-skill.js';
import { IntegrationMetrics } from './integrations.metrics.js';
import { integrationsRoutes } from './integrations.routes.js';
import { IntegrationService } from './integrations.service.js';
import { IntegrationSettingsStore } from './integrations.settings.js';
import { OAuthTokens } from './oauth-tokens.js';
import { IntegrationRateLimiter } from './rate-limit.js';
import { SafeUpstream, type UpstreamTransport } from './upstream.js';

declare module 'fastify' {
  interface FastifyInstance {
    integrations: IntegrationService;
  }
}

export interface IntegrationsPluginOptions {
  /** Wraps the transport to the vendors (tests send every call to local fake vendors). */
  transport?: (vendors: UpstreamTransport) => UpstreamTransport;
}

/** A probe may run this much longer than a call's own time limit before another replica probes. */
const PROBE_MARGIN_MS = 5_000;

export const integrationsPlugin = fp(
  async (app: FastifyInstance, options: IntegrationsPluginOptions) => {
    const config = app.config.integrations;
    const fetcher = new SafeFetcher({
      guard: createSsrfGuard({ allowlist: app.config.skills.ssrfAllowlist }),
      maxBytes: config.maxBytes,
      timeoutMs: config.timeoutMs,
    });
    const vendors = new SafeUpstream(fetcher, {
      timeoutMs: config.timeoutMs,
      maxBytes: config.maxBytes,
    });
    const transport = options.transport ? options.transport(vendors) : vendors;
    const metrics = new IntegrationMetrics(app.metrics);
    // The pipeline keeps each integration's breaker state and credentials until a writer says.
    let pipeline: IntegrationPipeline | undefined;
    const stateChanged = async (id: string) => pipeline?.stateChanged(id);
    const breaker = new CircuitBreaker(app.kv, {
      threshold: config.breakerThreshold,
      recoveryMs: config.breakerRecoveryMs,
      // Three attempts of a GET with backoff between them, and the margin.
      probeLeaseMs: config.timeoutMs * 3 + PROBE_MARGIN_MS,
      onObserve: (id, state) => metrics.breakerState(id, state),
      onChange: stateChanged,
      onTransition: (id, from, to) => {
        metrics.breakerTransition(id, from, to);
        app.events.emit('integration-breaker', { integration_id: id, from, to });
        app.log.warn({ integration: id, from, to }, 'integration circuit breaker changed');
      },
    });
    const log = app.log.child({ module: 'integrations' });
    const calls = new IntegrationCalls(app.sql.db, (error) =>
      log.warn({ err: error }, 'integration call log write failed'),
    );
    const registry = new ConnectorRegistry();
    const settings = new IntegrationSettingsStore(app.settings, app.kv);
    const oauth = new OAuthTokens(app.vault, app.kv, stateChanged);
    pipeline = new IntegrationPipeline({
      registry,
      settings,
      vault: app.vault,
      kv: app.kv,
      transport,
      oauth,
      breaker,
      rateLimiter: new IntegrationRateLimiter(app.kv),
      metrics,
      calls,
      events: app.events,
      work: app.pressure.work('integration_calls'),
    });
    const service = new IntegrationService({
      registry,
      pipeline,
      settings,
      vault: app.vault,
      kv: app.kv,
      oauth,
      breaker,
      calls,
      autonomy: app.autonomy,
      confirmations: app.confirmations,
      audit: app.audit,
    });
    app.decorate('integrations', service);
    app.skills.register(createIntegrationSkill(service, { resultChars: config.resultChars }));
    app.addHook('onClose', async () => {
      await calls.close();
      await vendors.close();
      await fetcher.close();
    });
    await integrationsRoutes(app, service);
  },
  {
    name: 'integrations',
    dependencies: [
      'context',
      'metrics',
      'audit',
      'vault',
      'settings',
      'events',
      'health',
      'confirmations',
      'skills',
    ],
  },
);
