/**
 * A process that opens an integration's circuit breaker in a shared store, says `OPEN` on stdout
 * and then idles until it is killed: the restart test's victim. The store comes from the
 * environment: BREAKER_KV=redis with BREAKER_KV_URL and BREAKER_KV_PREFIX, or BREAKER_KV=sql with
 * BREAKER_DATA_DIR (embedded) or BREAKER_DATABASE_URL and BREAKER_SCHEMA.
 */
import { CircuitBreaker } from '../../modules/integrations/circuit-breaker.js';
import { openSqlStore } from '../../store/db.js';
import type { KvStore } from '../../store/kv/kv-store.js';
import { RedisKvStore } from '../../store/kv/redis-kv-store.js';
import { SqlKvStore } from '../../store/kv/sql-kv-store.js';

const env = process.env;
let kv: KvStore;
if (env.BREAKER_KV === 'redis') {
  kv = await RedisKvStore.connect(env.BREAKER_KV_URL ?? '', env.BREAKER_KV_PREFIX ?? '');
} else {
  const sql = await openSqlStore({
    dataDir: env.BREAKER_DATA_DIR ?? '',
    databaseUrl: env.BREAKER_DATABASE_URL,
    ...(env.BREAKER_SCHEMA ? { schema: env.BREAKER_SCHEMA } : {}),
  });
  kv = new SqlKvStore(sql);
}
const breaker = new CircuitBreaker(kv, {
  threshold: Number(env.BREAKER_THRESHOLD ?? 2),
  recoveryMs: Number(env.BREAKER_RECOVERY_MS ?? 60_000),
  probeLeaseMs: 5_000,
});
const id = env.BREAKER_INTEGRATION ?? 'victim';
while ((await breaker.view(id)).state !== 'OPEN')
  await breaker.failure(id, await breaker.admit(id));
process.stdout.write('OPEN\n');
setInterval(() => {}, 60_000);
