// Faults an operator meets: no .env, a malformed DASHBOARD_SECRET, the database down while
// agent-core starts, the proxy up while the core is not. Each is said plainly where the operator
// looks, and the stack recovers by itself once the cause is gone.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { OPS_DIR, waitHealthy } from './operations.js';
import { compose, engine, https, sleep } from './stack.js';

describe('faults at start', () => {
  it('without .env, compose refuses to start and says to run install.sh', async () => {
    // In deploy/ as an operator who skipped install.sh: no .env there to read.
    const refused = await engine(
      'cd "$repo/deploy" && DOCKER_CONFIG="$run/docker-config" docker compose --env-file /dev/null -f compose.yaml up -d',
    ).then(
      () => '',
      (error: Error) => error.message,
    );
    expect(refused).toMatch(/required variable \S+ is missing a value: run \.\/install\.sh first/);
  });

  it('agent-core refuses a malformed DASHBOARD_SECRET, names it without showing it, and starts once it is fixed', async () => {
    const envFile = path.join(OPS_DIR, '.env');
    const original = await readFile(envFile, 'utf8');
    const bad = 'changeme';
    try {
      await writeFile(
        envFile,
        original.replace(/^DASHBOARD_SECRET=.*$/m, `DASHBOARD_SECRET=${bad}`),
      );
      const since = new Date().toISOString();
      await compose('up', '-d', 'agent-core');
      await sleep(15_000);
      const logs = await compose('logs', '--no-color', '--since', since, 'agent-core');
      expect(logs).toMatch(/DASHBOARD_SECRET:/);
      expect(logs).not.toContain(bad);
      expect(logs).not.toMatch(/^\s+at /m);
    } finally {
      await writeFile(envFile, original);
    }
    await compose('up', '-d', 'agent-core');
    await waitHealthy(300);
    expect((await https('/health')).status).toBe(200);
  }, 600_000);

  it('agent-core waits for a database that is down, says so, and comes up once it is back', async () => {
    await compose('stop', 'agent-sqldb');
    const since = new Date().toISOString();
    await compose('restart', 'agent-core');
    await sleep(15_000);
    const logs = await compose('logs', '--no-color', '--since', since, 'agent-core');
    expect(logs).toMatch(/Could not reach the SQL database/);
    expect(logs).not.toMatch(/^\s+at /m); // a sentence, not a stack trace
    await compose('start', 'agent-sqldb');
    await waitHealthy(300);
    expect((await https('/health')).json().components.sqldb.status).toBe('ok');
  }, 600_000);

  it('agent-proxy says agent-core is down while it is, and serves again once it is back', async () => {
    await compose('stop', 'agent-core');
    const down = await https('/login', { headers: { accept: 'text/html' } });
    expect(down.status).toBe(503);
    expect(down.body).toContain('agent-core is not answering');
    await compose('start', 'agent-core');
    await waitHealthy(300);
    const up = await https('/login', { headers: { accept: 'text/html' } });
    expect(up.status).toBe(200);
  }, 600_000);
});
