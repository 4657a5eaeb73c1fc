/**
 * The app in a child process answers one API request and one chat through the model loop,
 * then prints the `@opentelemetry` modules it loaded as JSON. Run with
 * module-loads.mjs preloaded. Environment: APP_DATA_DIR, MODEL_URL, and optionally
 * OTEL_EXPORTER_OTLP_ENDPOINT.
 */
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config/index.js';
import { openSqlStore } from '../../store/db.js';
import { openKvStore } from '../../store/kv/open-kv-store.js';
import { TEST_PASSWORD, TEST_SECRET, TEST_USER } from '../test-app.js';

const env = process.env;
const config = loadConfig({
  DATA_DIR: env.APP_DATA_DIR ?? '',
  LOG_LEVEL: 'silent',
  DASHBOARD_USER: TEST_USER,
  DASHBOARD_PASSWORD: TEST_PASSWORD,
  DASHBOARD_SECRET: TEST_SECRET,
  METRICS_PORT: '0',
  MEMORY_EXTRACTION: 'false',
  OPENAI_API_KEY: 'sk-test-0123456789abcdefghijkl',
  OPENAI_BASE_URL: env.MODEL_URL,
  DEFAULT_MODEL: 'openai/gpt-4o-mini',
  OTEL_EXPORTER_OTLP_ENDPOINT: env.OTEL_EXPORTER_OTLP_ENDPOINT,
});
const sql = await openSqlStore({ dataDir: config.storage.dataDir });
const kv = await openKvStore({ sql });
const app = await buildApp({ config, secret: TEST_SECRET, sql, kv });
await app.ready();
const health = await app.inject({ method: 'GET', url: '/health' });
const answer = await app.runtime.handle({
  text: 'tell me about otters',
  chatId: 'one-chat',
  actor: 'operator',
  signal: new AbortController().signal,
});
await app.close();
await kv.close();
await sql.close();
const loaded = (globalThis as { loadedModules?: string[] }).loadedModules ?? [];
process.stdout.write(
  `${JSON.stringify({
    health: health.statusCode,
    tier: answer.tier,
    opentelemetry: [...new Set(loaded.filter((url) => url.includes('/@opentelemetry/')))],
    modules: loaded.length,
  })}\n`,
);
process.exit(0);
