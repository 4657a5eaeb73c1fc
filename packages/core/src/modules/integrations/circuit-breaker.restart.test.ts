import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqlStore } from '../../store/db.js';
import type { KvStore } from '../../store/kv/kv-store.js';
import { RedisKvStore } from '../../store/kv/redis-kv-store.js';
import { SqlKvStore } from '../../store/kv/sql-kv-store.js';
import { redisAvailable, TEST_KV_URL } from '../../testing/services.js';
import { entryCommand } from '../../testing/spawn-entry.js';
import { CircuitBreaker } from './circuit-breaker.js';

const CHILD = path.resolve(import.meta.dirname, '../../testing/processes/open-breaker.ts');

interface Backend {
  name: string;
  /** The child's environment, and how this process opens the same store after the kill. */
  prepare(): Promise<{
    env: Record<string, string>;
    open(): Promise<KvStore>;
    cleanup(): Promise<void>;
  }>;
}

const backends: Backend[] = [
  {
    name: 'embedded SQL (PGlite)',
    async prepare() {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'agent-breaker-'));
      let close = async () => {};
      return {
        env: { BREAKER_KV: 'sql', BREAKER_DATA_DIR: dataDir },
        async open() {
          const sql = await openSqlStore({ dataDir });
          close = () => sql.close();
          return new SqlKvStore(sql);
        },
        async cleanup() {
          await close();
          await rm(dataDir, { recursive: true, force: true });
        },
      };
    },
  },
];
if (await redisAvailable()) {
  backends.push({
    name: 'Redis',
    async prepare() {
      const prefix = `test:${randomBytes(6).toString('hex')}:`;
      let kv: KvStore | undefined;
      return {
        env: { BREAKER_KV: 'redis', BREAKER_KV_URL: TEST_KV_URL, BREAKER_KV_PREFIX: prefix },
        async open() {
          kv = await RedisKvStore.connect(TEST_KV_URL, prefix);
          return kv;
        },
        async cleanup() {
          await kv?.deleteByPattern('*');
          await kv?.close();
        },
      };
    },
  });
}

let child: ChildProcess | undefined;
afterEach(() => {
  child?.kill('SIGKILL');
});

describe.each(backends)('circuit breaker across a restart ($name)', (backend) => {
  it('is still OPEN after the process that opened it is killed, and probes after recovery', async () => {
    const store = await backend.prepare();
    try {
      child = spawn(...entryCommand(CHILD), {
        env: { ...process.env, ...store.env, BREAKER_INTEGRATION: 'victim' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const exited = new Promise((resolve) => child?.once('exit', resolve));
      let errors = '';
      child.stderr?.on('data', (chunk) => {
        errors += String(chunk);
      });
      await new Promise<void>((resolve, reject) => {
        child?.stdout?.on('data', (chunk) => {
          if (String(chunk).includes('OPEN')) resolve();
        });
        child?.once('exit', (code) => reject(new Error(`child exited (${code}): ${errors}`)));
      });
      child.kill('SIGKILL');
      await exited;

      const kv = await store.open();
      const options = { threshold: 2, probeLeaseMs: 5_000 };
      const restarted = new CircuitBreaker(kv, { ...options, recoveryMs: 3_600_000 });
      const view = await restarted.view('victim');
      expect(view.state).toBe('OPEN');
      // The recovery timeout still runs: the state came back, not a fresh CLOSED one.
      expect(view.retry_after).toBeGreaterThan(3_000);
      expect((await restarted.admit('victim')).allowed).toBe(false);
      // Once the recovery timeout has passed (here: a replica configured with none), one probe.
      const recovered = new CircuitBreaker(kv, { ...options, recoveryMs: 0 });
      const probe = await recovered.admit('victim');
      expect(probe).toMatchObject({ allowed: true, probe: expect.any(String) });
      await recovered.success('victim', probe);
      expect((await restarted.view('victim')).state).toBe('CLOSED');
    } finally {
      await store.cleanup();
    }
  }, 120_000);
});
