import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlTestBackends } from '../../testing/services.js';
import { type Client, createTestApp, type TestApp } from '../../testing/test-app.js';
import { GATED_ROUTES } from './reset-scope.js';

const DOC = path.resolve(import.meta.dirname, '../../../../../docs/api/reset.md');

/**
 * Routes the walk does not call: the event feed never ends (and stays open during a reset, for
 * the operator to watch it), a logout would end the walk's session, and a second reset is 409.
 */
const NOT_WALKED = new Set(['GET /api/live', 'POST /auth/logout', 'POST /api/reset']);

const inFamily = (route: string) =>
  GATED_ROUTES.some((family) => route === family || route.startsWith(`${family}/`));

/** The route families docs/api/reset.md lists under "While a reset runs". */
async function documentedFamilies(): Promise<string[]> {
  const text = await readFile(DOC, 'utf8');
  const section = text.slice(text.indexOf('## While a reset runs'));
  const list = section.slice(0, section.indexOf('\n\n  That is'));
  return [...list.matchAll(/^ {2}- `(\/[^`]+)`$/gm)].map((match) => match[1] as string);
}

describe('the routes a reset closes', () => {
  it('are the ones docs/api/reset.md lists', async () => {
    expect(await documentedFamilies()).toEqual([...GATED_ROUTES]);
  });
});

const backends = await sqlTestBackends();

describe.each(backends)('While a reset runs (%s)', (backend) => {
  let t: TestApp;
  let replica: TestApp;
  let clients: Array<[string, Client]>;
  let hold: { arrive: () => void; release: () => void } | null = null;

  beforeAll(async () => {
    t = await createTestApp({
      sql: backend,
      kv: backend === 'postgres' ? 'redis' : 'sql',
      resetOptions: {
        afterStep: async (step) => {
          const held = hold;
          if (step !== 2 || !held) return;
          await new Promise<void>((resolve) => {
            held.release = resolve;
            held.arrive();
          });
        },
      },
    });
    replica = await t.replica();
    clients = [
      ['the resetting replica', await t.login()],
      ['another replica', await replica.login()],
    ];
  }, 300_000);
  afterAll(async () => {
    await replica?.close();
    await t?.close();
  }, 120_000);

  it('every route of the documented families answers 503 on every replica, and no other does', async () => {
    const [, client] = clients[0] as [string, Client];
    const openapi = (await client.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const routes = Object.entries(openapi.paths).flatMap(([route, methods]) =>
      Object.keys(methods).map((method) => ({ method: method.toUpperCase(), route })),
    );
    // The walk covers every family: a family without a route would be a stale entry.
    for (const family of GATED_ROUTES)
      expect(
        routes.some(({ route }) => route === family || route.startsWith(`${family}/`)),
        family,
      ).toBe(true);

    let arrive = () => {};
    const reached = new Promise<void>((resolve) => {
      arrive = resolve;
    });
    hold = { arrive, release: () => {} };
    const running = client.inject({
      method: 'POST',
      url: '/api/reset',
      payload: { confirm: 'RESET AGENT' },
    });
    await reached;
    const wrong: string[] = [];
    let gated = 0;
    for (const { method, route } of routes) {
      if (NOT_WALKED.has(`${method} ${route}`)) continue;
      const url = route.replace(/\{[^}]+\}/g, 'walk-probe');
      for (const [where, caller] of clients) {
        const response = await caller.inject({
          method: method as 'GET',
          url,
          ...(['POST', 'PUT', 'PATCH'].includes(method) ? { payload: {} } : {}),
        });
        const refused =
          response.statusCode === 503 && response.json().error === 'reset_in_progress';
        if (refused !== inFamily(route))
          wrong.push(`${method} ${route} on ${where}: ${response.statusCode}`);
        if (refused) gated += 1;
      }
    }
    hold.release();
    hold = null;
    expect((await running).statusCode).toBe(200);
    expect(wrong).toEqual([]);
    expect(gated).toBeGreaterThan(40);

    // Open again everywhere once the reset is done (another replica hears of it at once, or
    // reads the flag within about a second).
    for (const [where, caller] of clients) {
      let status = 0;
      for (let tries = 0; tries < 30 && status !== 200; tries += 1) {
        status = (await caller.inject({ method: 'GET', url: '/api/chats' })).statusCode;
        if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(status, where).toBe(200);
    }
  }, 120_000);
});
