import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { bootApp } from './boot.js';
import { type Config, ConfigError, loadConfig } from './config/index.js';
import { createLogger } from './logger.js';

const SHUTDOWN_TIMEOUT_MS = 15_000;

function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
}

/** boot: config -> stores (migrated) -> app -> listen; SIGTERM flushes and closes in reverse. */
async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const logger = createLogger(config.server.logLevel);
  const booted = await bootApp(config, logger);
  const { app } = booted;
  const metricsServer = config.server.metricsPort > 0 ? await serveMetrics(app, config) : null;

  let stopping = false;
  const shutdown = async (reason: string, code: number) => {
    if (stopping) return;
    stopping = true;
    logger.info({ reason }, 'shutting down');
    const force = setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    force.unref();
    try {
      metricsServer?.close();
      await booted.close(); // stops accepting, finishes requests, flushes the writers, then the stores
    } catch (error) {
      logger.error({ err: error }, 'error during shutdown');
      code = 1;
    }
    process.exit(code);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM', 0));
  process.on('SIGINT', () => void shutdown('SIGINT', 0));
  process.on('uncaughtException', (error) => {
    logger.fatal({ err: error }, 'uncaught exception');
    void shutdown('uncaughtException', 1);
  });

  await app.listen({ port: config.server.port, host: config.server.host });
}

async function serveMetrics(app: FastifyInstance, config: Config): Promise<Server> {
  const server = createServer(async (request, response) => {
    if (request.url !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': app.metrics.contentType });
    response.end(await app.metrics.metrics());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.server.metricsPort, config.server.host, resolve);
  });
  app.log.info(`metrics on http://${config.server.host}:${config.server.metricsPort}/metrics`);
  return server;
}

main().catch((error) => {
  process.stderr.write(
    `Failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
