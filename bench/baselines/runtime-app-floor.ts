/**
 * The runtime's own floor: the whole app, booted as src/main.ts boots it, with one more route
 * that takes the fast path's request (same schemas, signed-in session and CSRF token required)
 * and answers it at once. Every app-wide hook runs (session, CSRF, security headers, request id,
 * NUL refusal, reset gate, load pressure, metrics, header check); no runtime work does. Against
 * the route floor it shows what those hooks cost, and against the fast path what the runtime's
 * work on a request costs.
 */
import { bootApp } from '../../packages/core/src/boot.ts';
import { loadConfig } from '../../packages/core/src/config/index.ts';
import { createLogger } from '../../packages/core/src/logger.ts';
import { answerFastPathAtOnce } from './fast-path-floor-route.ts';

const config = loadConfig();
const booted = await bootApp(config, createLogger(config.server.logLevel));
const { app } = booted;
answerFastPathAtOnce(app, '/bench/chat-floor');
await app.listen({ port: config.server.port, host: config.server.host });
process.on('SIGTERM', () => void booted.close().then(() => process.exit(0)));
