import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Client, createTestApp, type TestApp } from '@agent-runtime/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  KEEP_BUILDS,
  publishBuild,
  publishSteps,
  removeAbandonedStaging,
  stagingName,
} from './publish-build';

/** Writes a build into a staging folder as Vite would: hashed assets, and the page naming them. */
async function stage(target: string, assets: string[]): Promise<string> {
  const staging = path.join(target, stagingName());
  await mkdir(path.join(staging, 'assets'), { recursive: true });
  for (const name of assets) await writeFile(path.join(staging, 'assets', name), `/* ${name} */`);
  const scripts = assets.map((name) => `<script type="module" src="/assets/${name}"></script>`);
  await writeFile(path.join(staging, 'index.html'), `<!doctype html>${scripts.join('')}`);
  return staging;
}

/** Three chunks of their own and one shared with every build (a library chunk). */
const buildOf = (name: string) => [`${name}-a.js`, `${name}-b.js`, `${name}-c.css`, 'react-1.js'];

describe('publishing a dashboard build while the runtime serves it', () => {
  let target: string;
  let t: TestApp;
  let client: Client;

  beforeAll(async () => {
    target = await mkdtemp(path.join(tmpdir(), 'agent-dashboard-publish-'));
    await publishBuild(await stage(target, buildOf('first')), target);
    t = await createTestApp({ dashboardDir: target });
    client = await t.login();
  });
  afterAll(() => t.close());

  /** The page served now, after checking that every asset it names is served too. */
  async function servedPage(): Promise<string> {
    const page = await client.inject({
      method: 'GET',
      url: '/overview',
      headers: { accept: 'text/html' },
    });
    expect(page.statusCode).toBe(200);
    const named = [...page.body.matchAll(/\/assets\/[^"]+/g)].map(([url]) => url);
    expect(named.length).toBeGreaterThan(0);
    for (const url of named)
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    return page.body;
  }
  const served = async (name: string) =>
    (await t.app.inject({ method: 'GET', url: `/assets/${name}` })).statusCode;

  it('shows the old build or the new one after every step, never a page naming missing files', async () => {
    expect(await servedPage()).toContain('first-a.js');
    const staging = await stage(target, buildOf('second'));
    const seen: string[] = [];
    for (const step of publishSteps(staging, target)) {
      await step();
      seen.push((await servedPage()).includes('second-a.js') ? 'second' : 'first');
    }
    expect(seen).toEqual(['first', 'second', 'second']);
    expect(existsSync(staging)).toBe(false);
    // A tab still open on the first build loads its lazy chunks.
    expect(await served('first-b.js')).toBe(200);
  });

  it(`keeps the assets of the last ${KEEP_BUILDS} builds and removes older ones`, async () => {
    for (const name of ['third', 'fourth'])
      await publishBuild(await stage(target, buildOf(name)), target);
    expect(await servedPage()).toContain('fourth-a.js');
    for (const name of ['second', 'third', 'fourth'])
      expect(await served(`${name}-a.js`)).toBe(200);
    expect(await served('first-a.js')).toBe(404);
    expect(await served('react-1.js')).toBe(200);
  });

  it('removes staging folders of builds whose process is gone, not those of running ones', async () => {
    const abandoned = path.join(target, stagingName(2 ** 22 + 1));
    const running = path.join(target, stagingName());
    await mkdir(abandoned);
    await mkdir(running, { recursive: true });
    await removeAbandonedStaging(target);
    expect(existsSync(abandoned)).toBe(false);
    expect(existsSync(running)).toBe(true);
  });
});
