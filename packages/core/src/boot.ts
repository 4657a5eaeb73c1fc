import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { buildApp } from './app.js';
import type { Config } from './config/index.js';
import { resolveDashboardSecret } from './security/keys.js';
import { openSqlStore } from './store/db.js';
import { openKvStore } from './store/kv/open-kv-store.js';

export interface BootedApp {
  app: FastifyInstance;
  /** Closes the app (finishing requests, flushing its writers), then the stores it runs on. */
  close(): Promise<void>;
}

/** The service's boot: the dashboard secret, the SQL store (migrated), the key-value store, the app. */
export async function bootApp(config: Config, logger: Logger): Promise<BootedApp> {
  const secret = await resolveDashboardSecret(
    config.auth.dashboardSecret,
    config.storage.dataDir,
    (m) => logger.warn(m),
  );
  const sql = await openSqlStore({
    dataDir: config.storage.dataDir,
    databaseUrl: config.storage.databaseUrl,
  });
  const kv = await openKvStore({ kvUrl: config.storage.kvUrl, sql });
  const app = await buildApp({ config, secret, sql, kv, logger });
  return {
    app,
    async close() {
      await app.close();
      await kv.close();
      await sql.close();
    },
  };
}
