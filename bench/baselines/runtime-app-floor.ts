/**
 * The runtime's own floor: the whole app, booted as src/main.ts boots it, with one more route
 * that takes the fast path's request (same schemas, signed-in session and CSRF token required)
 * and answers it at once. Every app-wide hook runs (session, CSRF, security headers, request id,
 * NUL refusal, reset gate, load pressure, metrics, header check); no runtime work does. Against
 * the route floor it shows what those hooks cost, and against the fast path what the runtime's
 * work on a request costs.
 */
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { buildApp } from '../../packages/core/src/app.ts';
import { loadConfig } from '../../packages/core/src/config/index.ts';
import { createLogger } from '../../packages/core/src/logger.ts';
import {
  chatReplySchema,
  chatRequestSchema,
} from '../../packages/core/src/modules/chat/chat.schema.ts';
import { resolveDashboardSecret } from '../../packages/core/src/security/keys.ts';
import { openSqlStore } from '../../packages/core/src/store/db.ts';
import { openKvStore } from '../../packages/core/src/store/kv/open-kv-store.ts';

const config = loadConfig();
const logger = createLogger(config.server.logLevel);
const secret = await resolveDashboardSecret(
  config.auth.dashboardSecret,
  config.storage.dataDir,
  (message) => logger.warn(message),
);
const sql = await openSqlStore({
  dataDir: config.storage.dataDir,
  databaseUrl: config.storage.databaseUrl,
});
const kv = await openKvStore({ kvUrl: config.storage.kvUrl, sql });
const app = await buildApp({ config, secret, sql, kv, logger });
app
  .withTypeProvider<ZodTypeProvider>()
  .post(
    '/bench/chat-floor',
    { schema: { body: chatRequestSchema, response: { 200: chatReplySchema } } },
    async (request) => ({
      request_id: crypto.randomUUID(),
      chat_id: request.body.chat_id,
      tier: 'fast_path' as const,
      reply: '12*7 = 84',
    }),
  );
await app.listen({ port: config.server.port, host: config.server.host });
process.on('SIGTERM', () => {
  void (async () => {
    await app.close();
    await kv.close();
    await sql.close();
    process.exit(0);
  })();
});
