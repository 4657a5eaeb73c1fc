import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import {
  COGNITIVE_KV_PATTERNS,
  COGNITIVE_QUEUES,
  COGNITIVE_TABLES,
  RESET_TABLES,
  SURVIVING_TABLES,
} from '../modules/reset/reset-scope.js';
import type { SqlStore } from '../store/db.js';
import type { KvStore } from '../store/kv/kv-store.js';
import { seedTables } from './seed-tables.js';

/** Surviving tables whose rows a reset changes on purpose, with the columns it may change. */
const CHANGED_COLUMNS: Record<string, string[]> = {
  agents: ['messages_count', 'last_error', 'run_id', 'run_expires_at'],
  confirmations: ['status', 'decided_by', 'decided_at'],
};
/** Survivors compared otherwise: the KV tables through the KV API, the journal and audit apart. */
const COMPARED_APART = new Set(['kv_entries', 'kv_queue_items', 'reset_runs', 'audit_log']);

export const SURVIVING_KV_SAMPLE: Record<string, string> = {
  'vault:openai_api_key': 'sealed-secret-1',
  'vault:integration:github:token': 'sealed-secret-2',
  'session:operator': '{"user":"admin"}',
  'ratelimit:login:10.0.0.1': '3',
  'cb:state:github': '{"state":"OPEN"}',
};

/**
 * Fills every table (cognitive and surviving), the cognitive key patterns and queues, survivor
 * keys and DATA_DIR files, so a test can tell exactly what a reset removed and what it kept.
 */
export async function seedResetWorld(
  store: SqlStore,
  kv: KvStore,
  dataDir: string,
  rowsPerTable = 3,
): Promise<void> {
  const survivors = Object.keys(SURVIVING_TABLES).filter((t) => !COMPARED_APART.has(t));
  await seedTables(store, {
    tables: [...COGNITIVE_TABLES, ...survivors, 'audit_log'],
    rows: (table) => ((COGNITIVE_TABLES as readonly string[]).includes(table) ? rowsPerTable : 3),
  });
  await seedExperience(store, kv);
  for (const [key, value] of Object.entries(SURVIVING_KV_SAMPLE)) await kv.set(key, value);
  await kv.push('events_incoming', 'event-1');
  await writeFile(path.join(dataDir, 'prime.md'), '# Prime\nBe careful.\n');
  await mkdir(path.join(dataDir, 'skills'), { recursive: true });
  await writeFile(path.join(dataDir, 'skills', 'weather.py'), 'def run():\n    return 1\n');
  await mkdir(path.join(dataDir, 'src_patches'), { recursive: true });
  await writeFile(path.join(dataDir, 'src_patches', 'app.py'), 'print(1)\n');
  await writeFile(path.join(dataDir, 'src_patches', 'app.py.sha256'), 'abc\n');
  await writeFile(path.join(dataDir, 'src_patches', 'backup_20260101T000000_app.py'), 'print(0)\n');
}

/**
 * What the agent learns again after a reset, over a world seeded before: the cognitive tables
 * (their references point at the surviving rows seedResetWorld made), a pending confirmation,
 * XP, a self-model, and the cognitive keys and queues.
 */
export async function seedCognitive(store: SqlStore, kv: KvStore, rowsPerTable = 3) {
  await seedTables(store, { tables: COGNITIVE_TABLES, rows: () => rowsPerTable });
  await seedExperience(store, kv);
}

async function seedExperience(store: SqlStore, kv: KvStore): Promise<void> {
  // Some confirmations still pending: a reset closes them.
  await sql`update confirmations set status = 'pending' where confirmation_id = 'confirmation_id-1'`.execute(
    store.db,
  );
  await sql`update identity set total_xp = 420, name = 'Atlas'`.execute(store.db);
  await sql`update self_model set model = '{"strengths":["search"]}'::jsonb`.execute(store.db);
  for (const pattern of COGNITIVE_KV_PATTERNS) {
    await kv.set(pattern.replace('*', 'a'), 'x');
    await kv.set(pattern.replace('*', 'b'), 'y');
  }
  for (const queue of COGNITIVE_QUEUES) await kv.push(queue, 'pending-item');
}

export interface ResetWorldSnapshot {
  rows: Record<string, number>;
  /** A digest of each surviving table's rows, minus the columns a reset may change. */
  digests: Record<string, string>;
  identity: { name: string; persona: string; born_at: string; total_xp: number };
  selfModel: unknown;
  pendingConfirmations: number;
  auditOther: string;
  auditResets: Array<{ id: string; action: string; detail: Record<string, unknown> }>;
  cognitiveKeys: number;
  cognitiveQueueItems: number;
  survivingKv: Record<string, string | null>;
  eventsQueued: number;
  files: Record<string, string>;
}

export async function snapshotResetWorld(
  store: SqlStore,
  kv: KvStore,
  dataDir: string,
): Promise<ResetWorldSnapshot> {
  const { db } = store;
  const rows: Record<string, number> = {};
  const digests: Record<string, string> = {};
  const tables = [
    ...COGNITIVE_TABLES,
    ...Object.keys(SURVIVING_TABLES),
    ...Object.keys(RESET_TABLES),
  ];
  for (const table of tables) {
    const count = await sql<{ n: number }>`select count(*)::int as n from ${sql.id(table)}`.execute(
      db,
    );
    rows[table] = Number(count.rows[0]?.n);
    if (!(table in SURVIVING_TABLES) || COMPARED_APART.has(table)) continue;
    const minus = (CHANGED_COLUMNS[table] ?? []).map((c) => ` - '${c}'`).join('');
    const digest = await sql<{ d: string | null }>`
      select md5(string_agg(r, '|' order by r)) as d
      from (select (to_jsonb(t)${sql.raw(minus)})::text as r from ${sql.id(table)} t) x`.execute(
      db,
    );
    digests[table] = digest.rows[0]?.d ?? 'empty';
  }
  const identity = await sql<{ name: string; persona: string; born_at: Date; total_xp: string }>`
    select name, persona, born_at, total_xp from identity where id = 1`.execute(db);
  const self = await sql<{ model: unknown }>`select model from self_model where id = 1`.execute(db);
  const pending = await sql<{ n: number }>`
    select count(*)::int as n from confirmations where status = 'pending'`.execute(db);
  const auditOther = await sql<{ d: string | null }>`
    select md5(string_agg(to_jsonb(a)::text, '|' order by id)) as d from audit_log a
    where action <> 'reset.panic'`.execute(db);
  const auditResets = await sql<{ id: string; action: string; detail: Record<string, unknown> }>`
    select id, action, detail from audit_log where action = 'reset.panic' order by ts`.execute(db);
  let cognitiveKeys = 0;
  for (const pattern of COGNITIVE_KV_PATTERNS) cognitiveKeys += (await kv.keys(pattern)).length;
  let cognitiveQueueItems = 0;
  for (const queue of COGNITIVE_QUEUES) cognitiveQueueItems += await kv.length(queue);
  const survivingKv: Record<string, string | null> = {};
  for (const key of Object.keys(SURVIVING_KV_SAMPLE)) survivingKv[key] = await kv.get(key);
  const row = identity.rows[0];
  if (!row) throw new Error('identity row missing');
  return {
    rows,
    digests,
    identity: {
      name: row.name,
      persona: row.persona,
      born_at: new Date(row.born_at).toISOString(),
      total_xp: Number(row.total_xp),
    },
    selfModel: self.rows[0]?.model,
    pendingConfirmations: Number(pending.rows[0]?.n),
    auditOther: auditOther.rows[0]?.d ?? 'empty',
    auditResets: auditResets.rows,
    cognitiveKeys,
    cognitiveQueueItems,
    survivingKv,
    eventsQueued: await kv.length('events_incoming'),
    files: await fileDigests(dataDir),
  };
}

async function fileDigests(dataDir: string): Promise<Record<string, string>> {
  const digests: Record<string, string> = {};
  for (const name of ['prime.md', 'skills', 'src_patches']) {
    const full = path.join(dataDir, name);
    const entries = name.endsWith('.md')
      ? [full]
      : (await readdir(full).catch(() => [])).map((f) => path.join(full, f));
    for (const file of entries.sort()) {
      const content = await readFile(file).catch(() => null);
      if (content)
        digests[path.relative(dataDir, file)] = createHash('sha256').update(content).digest('hex');
    }
  }
  return digests;
}

/** Rows of each cognitive table whose JSON holds `token`, and of all rows, how many lack it. */
export async function markedRows(
  store: SqlStore,
  token: string,
): Promise<{ marked: Record<string, number>; unmarked: Record<string, number> }> {
  const marked: Record<string, number> = {};
  const unmarked: Record<string, number> = {};
  const pattern = `%${token}%`;
  for (const table of COGNITIVE_TABLES) {
    const result = await sql<{ marked: number; unmarked: number }>`
      select count(*) filter (where to_jsonb(t)::text like ${pattern})::int as marked,
             count(*) filter (where to_jsonb(t)::text not like ${pattern})::int as unmarked
      from ${sql.id(table)} t`.execute(store.db);
    marked[table] = Number(result.rows[0]?.marked);
    unmarked[table] = Number(result.rows[0]?.unmarked);
  }
  return { marked, unmarked };
}
