/**
 * A whole runtime in a child process, for the crash test: `node --import tsx goal-process.ts
 * [create <objective>]`. It builds the app with buildApp on DATA_DIR (PGlite) or DATABASE_URL
 * with GOALS_TEST_SCHEMA, prints one JSON line per goal event on stdout, and closes cleanly on
 * SIGTERM. SIGKILL is the crash under test.
 */
import { buildApp } from '../../../app.js';
import { loadConfig } from '../../../config/index.js';
import { openSqlStore } from '../../../store/db.js';
import { SqlKvStore } from '../../../store/kv/sql-kv-store.js';
import { configureGoalsTiming, FAST_GOALS_TIMING } from '../goals-timing.js';

const print = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);

configureGoalsTiming(FAST_GOALS_TIMING);
const config = loadConfig(process.env);
const schema = process.env.GOALS_TEST_SCHEMA;
const sql = await openSqlStore({
  dataDir: config.storage.dataDir,
  databaseUrl: config.storage.databaseUrl,
  ...(schema ? { schema } : {}),
});
const kv = new SqlKvStore(sql);
const app = await buildApp({ config, secret: 'c'.repeat(64), sql, kv });
app.events.subscribe((event) => {
  if (['task-start', 'task-finish', 'goal-change'].includes(event.name)) print(event);
});
await app.ready();
print({ ready: true, pid: process.pid });

const [command, objective] = process.argv.slice(2);
if (command === 'create') {
  const goal = await app.goals.create(
    { objective: objective ?? 'crash test', priority: 5 },
    'test',
  );
  print({ goal_id: goal.goal_id });
}

process.on('SIGTERM', () => {
  void (async () => {
    await app.close();
    await kv.close();
    await sql.close();
    process.exit(0);
  })();
});
