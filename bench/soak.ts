/**
 * The chaos soak: the real runtime under a mixed load (chats and streams, goals with task
 * graphs, a prompt schedule and a monitor, a feed subscription, calls to a vendor that fails at
 * random, memory extraction, confirmations approved and denied, a Panic Reset now and then),
 * killed with SIGKILL at random moments and started again; then, from outside, the invariants:
 * every acknowledged message and trace stored exactly once, no goal task lost, stuck or run
 * twice, nothing wiped by a reset back, the vendor's credential nowhere (answers, live events,
 * logs, metrics, files, the stores), load pressure back to idle and memory bounded.
 *
 *   node --import tsx bench/soak.ts [--duration=30m] [--backends=embedded,postgres]
 *
 * Exits 1 on any violation. Under CI a backend whose services are missing is a failure too.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { report, round } from './lib.ts';
import {
  checkChats,
  checkGoals,
  checkIdle,
  checkSchedulesAndFeed,
  filesHolding,
  readAll,
} from './soak/checks.ts';
import { SoakClient } from './soak/client.ts';
import { SoakRuntime } from './soak/runtime.ts';
import { openBackend } from './soak/stores.ts';
import { Ledger, runWorkload } from './soak/workload.ts';
import { MODEL_KEY, startSoakWorld } from './soak/world.ts';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '2m' },
    backends: { type: 'string', default: 'embedded,postgres' },
  },
});
const durationMs = parseDuration(values.duration);
/** Runs this long or longer replace the figures kept in bench/results; shorter ones only print. */
const RECORDED_MINUTES = 10;
const MiB = 1024 * 1024;
/**
 * How much the memory the last process holds may grow from its start to idle after the load:
 * its resident memory less the heap pages V8 keeps committed but free. After a burst of
 * allocation (the checks read every chat) V8 can keep 150 MiB of empty old-space pages past a
 * full collection until its memory reducer returns them; those hold nothing, and a leak shows in
 * the heap used or, outside the heap, in the resident memory all the same.
 */
const RSS_GROWTH_LIMIT = 160 * MiB;
/** Resident memory less the heap V8 has committed and not used. */
const held = (memory: { rss: number; heapTotal: number; heapUsed: number }) =>
  memory.rss - Math.max(0, memory.heapTotal - memory.heapUsed);

function parseDuration(text: string): number {
  const match = /^(\d+)(s|m)$/.exec(text);
  if (!match) throw new Error(`--duration: ${text} is not like 90s or 30m`);
  return Number(match[1]) * (match[2] === 'm' ? 60_000 : 1_000);
}

async function soak(backendName: string): Promise<boolean> {
  const work = await mkdtemp(path.join(tmpdir(), `soak-${backendName}-`));
  const backend = await openBackend(backendName, path.join(work, 'data'));
  if (!backend) {
    await rm(work, { recursive: true, force: true });
    return true;
  }
  const world = await startSoakWorld();
  const violations: string[] = [];
  const leaks = new Set<string>();
  const watch = (where: string, text: string) => {
    if (text.includes(world.token)) leaks.add(where);
  };
  const runtime = await SoakRuntime.create(
    {
      DATA_DIR: backend.dataDir,
      ...backend.env,
      OPENAI_API_KEY: MODEL_KEY,
      OPENAI_BASE_URL: world.model.baseUrl,
      DEFAULT_MODEL: 'openai/gpt-4o-mini',
      SSRF_ALLOWLIST: '127.0.0.1',
      MEMORY_EXTRACTION: 'true',
      INTEGRATION_TIMEOUT: '2s',
      CB_RECOVERY_TIMEOUT: '3s',
      CONFIRMATION_TIMEOUT: '30s',
    },
    path.join(work, 'runtime.log'),
  );
  const ledger = new Ledger();
  const following = new AbortController();
  try {
    await runtime.start();
    const client = new SoakClient(runtime.url, watch);
    await client.signIn();
    const live = client.follow(following.signal);
    const started = Date.now();
    let fresh = await runtime.memory();
    const operations = () => Object.values(ledger.counts).reduce((sum, n) => sum + n, 0);
    // Progress every 30 s: a long run shows it is moving, and how fast.
    const progress = setInterval(async () => {
      const minutes = round((Date.now() - started) / 60_000, 1);
      const memory = await runtime.memory();
      const mib = (bytes: number) => round(bytes / MiB, 0);
      console.log(
        `[soak ${backendName}] ${minutes} min: ${operations()} operations, ${runtime.kills} kills, ${ledger.resets.length} resets, ${mib(memory.rss)} MiB (heap ${mib(memory.heapUsed)}, external ${mib(memory.external)})`,
      );
    }, 30_000);
    await runWorkload({
      client,
      runtime,
      world,
      ledger,
      until: started + durationMs,
      chaosUntil: started + durationMs * 0.7,
      killEveryMs: durationMs >= 10 * 60_000 ? [20_000, 60_000] : [8_000, 20_000],
      resetEveryMs: durationMs >= 10 * 60_000 ? [90_000, 240_000] : [25_000, 45_000],
      onStart: async () => {
        await runtime.collectGarbage();
        fresh = await runtime.memory();
      },
    });
    clearInterval(progress);
    const loadStopped = Date.now();

    const chats = await checkChats(client, ledger, violations);
    const goals = await checkGoals(client, ledger, violations, 90_000);
    const background = await checkSchedulesAndFeed(client, ledger, violations, 90_000);
    following.abort();
    const liveEvents = await live;
    const settled = await checkIdle(client, violations, 60_000);
    await runtime.collectGarbage();
    const idle = await runtime.memory();
    if (held(idle) - held(fresh) > RSS_GROWTH_LIMIT)
      violations.push(
        `memory held grew ${round((held(idle) - held(fresh)) / MiB, 1)} MiB over the last process's life (resident ${round((idle.rss - fresh.rss) / MiB, 1)} MiB)`,
      );

    // The credential: in every list an operator reads, the logs, the metrics, the files, the stores.
    await client.call('GET', '/api/integrations/grafana');
    await client.call('GET', '/api/integrations');
    await readAll(client, '/api/integrations/grafana/calls', 'calls');
    await readAll(client, '/api/audit?since=7d', 'entries');
    await readAll(client, '/api/traces?since=7d', 'traces');
    const metrics = await fetch(runtime.metricsUrl).then((response) => response.text());
    watch('metrics', metrics);
    await runtime.stop();
    watch('runtime logs', await runtime.logText());
    for (const file of await filesHolding(backend.dataDir, world.token))
      leaks.add(`DATA_DIR/${file}`);
    for (const place of await backend.holding(world.token)) leaks.add(place);
    for (const place of leaks) violations.push(`the vendor credential appears in ${place}`);

    // The recorded soak is a long run; the minute `npm test` runs checks, it does not measure.
    await report(
      `soak-${backendName}`,
      {
        duration_s: round(durationMs / 1000, 0),
        operations: operations(),
        ...ledger.counts,
        kills_survived: runtime.kills,
        resets_done: ledger.resets.length,
        chats_checked_kept: chats.kept,
        chats_checked_wiped: chats.wiped,
        chats_during_a_reset: chats.unknown,
        goals_finished: goals.finished,
        goals_wiped: goals.wiped,
        schedule_runs: background.scheduleRuns,
        feed_items: background.feedItems,
        live_events: liveEvents,
        idle_after_s: round((Date.now() - loadStopped) / 1000, 0),
        cpi_after: settled.cpi,
        error_rate_after: round(settled.errorRate, 3),
        rss_fresh_mib: round(fresh.rss / MiB, 1),
        rss_idle_after_load_mib: round(idle.rss / MiB, 1),
        held_fresh_mib: round(held(fresh) / MiB, 1),
        held_idle_after_load_mib: round(held(idle) / MiB, 1),
        heap_total_idle_mib: round(idle.heapTotal / MiB, 1),
        heap_used_fresh_mib: round(fresh.heapUsed / MiB, 1),
        heap_used_idle_mib: round(idle.heapUsed / MiB, 1),
        external_fresh_mib: round(fresh.external / MiB, 1),
        external_idle_mib: round(idle.external / MiB, 1),
        violations: violations.length,
      },
      { keep: durationMs >= RECORDED_MINUTES * 60_000 },
    );
    for (const violation of violations.slice(0, 50)) console.log(`  VIOLATION ${violation}`);
    return violations.length === 0;
  } finally {
    following.abort();
    await runtime.close();
    await world.close();
    await backend.close();
    await rm(work, { recursive: true, force: true });
  }
}

let failed = false;
for (const name of values.backends.split(',')) {
  const ok = await soak(name).catch((error: unknown) => {
    console.error(`soak on ${name} failed to run:`, error);
    return false;
  });
  if (!ok) failed = true;
}
process.exit(failed ? 1 : 0);
