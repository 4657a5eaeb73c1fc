import { hostname } from 'node:os';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { contextPlugin } from './app-context.js';
import { type Config, registerConfigSecrets } from './config/index.js';
import { answerClientError } from './errors/client-error.js';
import { installErrorHandling } from './errors/error-handler.js';
import { registerOpenApi } from './http/openapi.js';
import { refuseNulCharacters } from './http/refuse-nul.js';
import { requestIdFor } from './http/request-id.js';
import { trackRouteMethods } from './http/route-methods.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { createLogger } from './logger.js';
import { agentsPlugin } from './modules/agents/agents.plugin.js';
import { auditPlugin } from './modules/audit/audit.plugin.js';
import { authPlugin } from './modules/auth/auth.plugin.js';
import { behavioralPlugin } from './modules/behavioral/behavioral.plugin.js';
import { chatPlugin } from './modules/chat/chat.plugin.js';
import { configCenterPlugin } from './modules/configuration/config-center.plugin.js';
import { configurationPlugin } from './modules/configuration/configuration.plugin.js';
import { confirmationsPlugin } from './modules/confirmations/confirmations.plugin.js';
import { containersPlugin } from './modules/containers/containers.plugin.js';
import { dashboardPlugin } from './modules/dashboard/dashboard.plugin.js';
import { eventsPlugin } from './modules/events/events.plugin.js';
import { goalsPlugin } from './modules/goals/goals.plugin.js';
import { healthPlugin } from './modules/health/health.plugin.js';
import { identityPlugin } from './modules/identity/identity.plugin.js';
import { insightsPlugin } from './modules/insights/insights.plugin.js';
import {
  type IntegrationsPluginOptions,
  integrationsPlugin,
} from './modules/integrations/integrations.plugin.js';
import { mcpPlugin } from './modules/integrations/mcp/mcp.plugin.js';
import { jobsPlugin } from './modules/jobs/jobs.plugin.js';
import { mailPlugin } from './modules/mail/mail.plugin.js';
import { memoryPlugin } from './modules/memory/memory.plugin.js';
import { messagingPlugin } from './modules/messaging/messaging.plugin.js';
import { metricsPlugin } from './modules/metrics/metrics.plugin.js';
import { type ModelsPluginOptions, modelsPlugin } from './modules/models/models.plugin.js';
import { notesPlugin } from './modules/notes/notes.plugin.js';
import { type ResetPluginOptions, resetPlugin } from './modules/reset/reset.plugin.js';
import { resetGatePlugin } from './modules/reset/reset-gate.plugin.js';
import { runtimePlugin } from './modules/runtime/runtime.plugin.js';
import { sandboxPlugin } from './modules/sandbox/sandbox.plugin.js';
import { schedulerPlugin } from './modules/scheduler/scheduler.plugin.js';
import { searchPlugin } from './modules/search/search.plugin.js';
import { selfImprovePlugin } from './modules/selfimprove/selfimprove.plugin.js';
import { settingsPlugin } from './modules/settings/settings.plugin.js';
import { skillsPlugin } from './modules/skills/skills.plugin.js';
import { subscriptionsPlugin } from './modules/subscriptions/subscriptions.plugin.js';
import { telemetryPlugin } from './modules/telemetry/telemetry.plugin.js';
import { tracesPlugin } from './modules/traces/traces.plugin.js';
import { vaultPlugin } from './modules/vault/vault.plugin.js';
import { deriveKeys } from './security/keys.js';
import type { SqlStore } from './store/db.js';
import type { KvStore } from './store/kv/kv-store.js';
import { VERSION } from './version.js';

export interface BuildAppOptions {
  config: Config;
  /** DASHBOARD_SECRET as resolved at boot (configured, or generated into DATA_DIR/.secret). */
  secret: string;
  sql: SqlStore;
  kv: KvStore;
  logger?: FastifyBaseLogger;
  dashboardDir?: string;
  announceCredentials?: (line: string) => void;
  /** Cache lifetimes of the models module (tests shorten them). */
  modelsOptions?: ModelsPluginOptions;
  /** The integrations' way to the vendors (tests route it to local fakes). */
  integrationsOptions?: IntegrationsPluginOptions;
  /** A hook after each reset step (tests hold a reset mid-way). */
  resetOptions?: ResetPluginOptions;
}

/**
 * Builds the whole app from its plugins without listening, so tests drive it with inject().
 * The caller owns the stores and closes them after app.close().
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  registerConfigSecrets(config);
  const app = Fastify({
    // Typed as Fastify's base logger so plugins see one FastifyInstance type.
    loggerInstance: (options.logger ?? createLogger(config.server.logLevel)) as FastifyBaseLogger,
    genReqId: requestIdFor,
    trustProxy: config.server.trustProxy,
    bodyLimit: 1024 * 1024,
    // Receiving a request is bounded (Fastify leaves it unbounded), so clients that trickle
    // headers or a body cannot hold connections open at will. Only the receiving: a reply, an
    // event stream included, may last as long as it needs.
    requestTimeout: config.server.requestTimeoutMs,
    http: {
      headersTimeout: config.server.requestTimeoutMs,
      // Node looks for expired requests at this interval (30 s by default, which would let a
      // slow client hold on for up to twice the limit).
      connectionsCheckingInterval: Math.min(1_000, config.server.requestTimeoutMs),
    },
    clientErrorHandler: answerClientError,
    routerOptions: { ignoreTrailingSlash: true },
    // onReady hooks share this limit, and one of them finishes a Panic Reset a killed process
    // left (a full vacuum of a large database) before the app listens: 10 s would fail the start.
    pluginTimeout: 600_000,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Before any plugin: encapsulated plugins inherit the error handler when they register.
  installErrorHandling(app, {
    allowedMethods: trackRouteMethods(app),
    servePage: (request, reply) => app.dashboard.servePage(request, reply),
    hasSession: (request) => request.session !== null,
  });
  // Which replica answered, so an operator (or the stack test) behind a balancing proxy can tell.
  const replicaId = config.server.replicaId ?? hostname();
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    reply.header('x-agent-replica', replicaId);
    done();
  });
  refuseNulCharacters(app);

  await registerSecurityHeaders(app);
  await app.register(formbody);
  await registerOpenApi(app, VERSION);
  await app.register(contextPlugin, {
    config,
    sql: options.sql,
    kv: options.kv,
    keys: deriveKeys(options.secret),
    serviceVersion: VERSION,
    replicaId,
  });
  // Before any route: it wraps each route's handler as the route is added.
  await app.register(telemetryPlugin);
  // Early: its 503 gate covers agent routes, and modules register what a reset pauses.
  await app.register(resetGatePlugin);
  await app.register(searchPlugin);
  await app.register(metricsPlugin);
  await app.register(auditPlugin);
  await app.register(authPlugin, { announceCredentials: options.announceCredentials });
  await app.register(vaultPlugin);
  await app.register(settingsPlugin);
  await app.register(configurationPlugin);
  await app.register(jobsPlugin);
  await app.register(dashboardPlugin, { dashboardDir: options.dashboardDir });
  await app.register(healthPlugin);
  await app.register(eventsPlugin);
  await app.register(confirmationsPlugin);
  await app.register(tracesPlugin);
  await app.register(identityPlugin);
  await app.register(modelsPlugin, options.modelsOptions ?? {});
  await app.register(skillsPlugin);
  await app.register(containersPlugin);
  await app.register(integrationsPlugin, options.integrationsOptions ?? {});
  await app.register(runtimePlugin);
  await app.register(chatPlugin);
  await app.register(messagingPlugin);
  await app.register(notesPlugin);
  await app.register(goalsPlugin);
  await app.register(agentsPlugin);
  await app.register(schedulerPlugin);
  await app.register(subscriptionsPlugin);
  await app.register(mailPlugin);
  await app.register(sandboxPlugin);
  await app.register(mcpPlugin);
  await app.register(selfImprovePlugin);
  await app.register(behavioralPlugin);
  await app.register(configCenterPlugin);
  await app.register(insightsPlugin);
  await app.register(memoryPlugin);
  await app.register(resetPlugin, options.resetOptions ?? {});

  return app;
}
