import { mkdir, mkdtemp, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createTestApp, type TestApp } from '../../testing/test-app.js';

/** Writes a build the way the dashboard's publish step does: assets first, index.html by rename. */
async function publish(dir: string, name: string) {
  await mkdir(path.join(dir, 'assets'), { recursive: true });
  await writeFile(path.join(dir, 'assets', `${name}.js`), `console.log(${JSON.stringify(name)})`);
  const staged = path.join(dir, `.index-${name}.html`);
  await writeFile(
    staged,
    `<!doctype html><script type="module" src="/assets/${name}.js"></script>`,
  );
  await rename(staged, path.join(dir, 'index.html'));
}

describe('a dashboard built after the runtime started', () => {
  let t: TestApp;
  let client: Client;
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'agent-dashboard-later-'));
    t = await createTestApp({ dashboardDir: dir });
    client = await t.login();
  });
  afterAll(() => t.close());

  const page = () =>
    client.inject({ method: 'GET', url: '/overview', headers: { accept: 'text/html' } });
  const asset = (name: string) => t.app.inject({ method: 'GET', url: `/assets/${name}.js` });

  it('answers 503 with the advice to build and reload while there is no build', async () => {
    const response = await page();
    expect(response.statusCode).toBe(503);
    expect(response.body).toContain('npm run build');
    expect((await asset('first')).statusCode).toBe(404);
  });

  it('serves the build once it appears, and each build that replaces it, without a restart', async () => {
    await publish(dir, 'first');
    const first = await page();
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('/assets/first.js');
    expect((await asset('first')).body).toBe('console.log("first")');

    await publish(dir, 'second');
    expect((await page()).body).toContain('/assets/second.js');
    expect((await asset('second')).statusCode).toBe(200);
  });
});
