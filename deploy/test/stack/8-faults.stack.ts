// Faults an operator meets: the database down while agent-core starts, the proxy up while the
// core is not. Each is said plainly in the logs, and the stack recovers by itself once the cause
// is gone.
import { describe, expect, it } from 'vitest';
import { waitHealthy } from './operations.js';
import { compose, https, sleep } from './stack.js';

describe('faults at start', () => {
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

  it('agent-proxy answers 502 while agent-core is down, and serves again once it is back', async () => {
    await compose('stop', 'agent-core');
    const down = await https('/login', { headers: { accept: 'text/html' } });
    expect(down.status).toBe(502);
    await compose('start', 'agent-core');
    await waitHealthy(300);
    const up = await https('/login', { headers: { accept: 'text/html' } });
    expect(up.status).toBe(200);
  }, 600_000);
});
