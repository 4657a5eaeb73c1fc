/**
 * The whole app in a child process, on stores a test chooses, listening on a free port: it says
 * `LISTENING <port>` on stdout once it serves (after every start-up replay). The crash tests'
 * victim. Environment: APP_DATA_DIR; APP_DATABASE_URL and APP_SCHEMA for PostgreSQL (the
 * embedded database otherwise); APP_KV_URL and APP_KV_PREFIX for Redis (SQL tables otherwise);
 * REPLICA_ID to run it as one of several replicas on one data folder.
 */
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config/index.js';
import { createLogger } from '../../logger.js';
import { openSqlStore } from '../../store/db.js';
import { openKvStore } from '../../store/kv/open-kv-store.js';
import { TEST_PASSWORD, TEST_SECRET, TEST_USER } from '../test-app.js';

const env = process.env;
const config = loadConfig({
  DATA_DIR: env.APP_DATA_DIR ?? '',
  LOG_LEVEL: 'warn',
  DASHBOARD_USER: TEST_USER,
  DASHBOARD_PASSWORD: TEST_PASSWORD,
  DASHBOARD_SECRET: TEST_SECRET,
  METRICS_PORT: '0',
  MEMORY_EXTRACTION: 'false',
  REPLICA_ID: env.REPLICA_ID,
});
const sql = await openSqlStore({
  dataDir: config.storage.dataDir,
  databaseUrl: env.APP_DATABASE_URL || undefined,
  ...(env.APP_SCHEMA ? { schema: env.APP_SCHEMA } : {}),
});
const kv = await openKvStore({
  kvUrl: env.APP_KV_URL || undefined,
  sql,
  prefix: env.APP_KV_PREFIX,
});
const app = await buildApp({
  config,
  secret: TEST_SECRET,
  sql,
  kv,
  logger: createLogger(config.server.logLevel),
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(`LISTENING ${typeof address === 'object' && address ? address.port : 0}\n`);
process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => Promise.all([kv.close(), sql.close()]))
    .finally(() => process.exit(0));
});
