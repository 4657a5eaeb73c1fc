import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqlStore } from './store/db.js';
import { entryCommand } from './testing/spawn-entry.js';

const MAIN = path.resolve(import.meta.dirname, 'main.ts');

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

interface Running {
  child: ChildProcess;
  stderr: () => string;
  exited: Promise<number | null>;
}

function run(env: Record<string, string>): Running {
  let stderr = '';
  const child = spawn(...entryCommand(MAIN), {
    env: { PATH: process.env.PATH ?? '', METRICS_PORT: '0', LOG_LEVEL: 'warn', ...env },
  });
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  child.stdout.resume();
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, stderr: () => stderr, exited };
}

async function waitHealthy(port: number): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('runtime did not become healthy');
}

describe('the runtime process', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'agent-main-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it.each<[Record<string, string>, string]>([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ SESSION_TTL: 'forever' }, 'SESSION_TTL'],
    [{ DASHBOARD_SECRET: 'too-short' }, 'DASHBOARD_SECRET'],
    [{ KV_URL: 'memcached://x' }, 'KV_URL'],
  ])('stops at boot on a bad value, naming the variable (%o)', async (env, name) => {
    const running = run({ DATA_DIR: dataDir, ...env });
    expect(await running.exited).toBe(78);
    expect(running.stderr()).toContain(`${name}:`);
    if (env.DASHBOARD_SECRET) expect(running.stderr()).not.toContain(env.DASHBOARD_SECRET);
  });

  it('prints credentials once, audits, and flushes the audit log on SIGTERM', async () => {
    const port = await freePort();
    const first = run({ DATA_DIR: dataDir, PORT: String(port) });
    await waitHealthy(port);
    const lines = first
      .stderr()
      .split('\n')
      .filter((l) => l.includes('dashboard.credentials'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^dashboard\.credentials username=admin password=\S{20,}$/);

    // Failed logins are audited; SIGTERM comes right after, before the writer's timer fires.
    const attempts = await Promise.all(
      [1, 2, 3].map((i) =>
        fetch(`http://127.0.0.1:${port}/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: `username=admin&password=wrong-${i}`,
        }),
      ),
    );
    expect(attempts.map((r) => r.status)).toEqual([401, 401, 401]);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    const sql = await openSqlStore({ dataDir });
    try {
      const rows = await sql.db
        .selectFrom('audit_log')
        .select('action')
        .where('action', '=', 'auth.login_failed')
        .execute();
      expect(rows).toHaveLength(3);
    } finally {
      await sql.close();
    }

    const second = run({ DATA_DIR: dataDir, PORT: String(port) });
    await waitHealthy(port);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    expect(second.stderr()).not.toContain('dashboard.credentials');
    // Two starts, the first one a first boot (initdb and every migration): their speed is the
    // start-up benchmark's business, not this test's.
  }, 180_000);
});
