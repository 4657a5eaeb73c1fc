import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresAvailable, redisAvailable } from '../../../testing/services.js';
import { type Client, createTestApp, type TestApp } from '../../../testing/test-app.js';
import { startMcpHttpServer, type TestMcpHttpServer } from './testing/mcp-test-server.js';

const TOKEN = 'mcp-replica-token-7c2e90d4b1a6f835';
const SERVERS = '/api/integrations/mcp/servers';

/** Two app instances on one PostgreSQL database and one Redis, as two replicas run. */
describe.runIf((await postgresAvailable()) && (await redisAvailable()))(
  'MCP servers across two app instances',
  () => {
    let t: TestApp;
    let replica: TestApp;
    let first: Client;
    let second: Client;
    let mcp: TestMcpHttpServer;

    beforeAll(async () => {
      mcp = await startMcpHttpServer(TOKEN);
      // The test-only allowance: the fake MCP server listens on loopback.
      const env = { SSRF_ALLOWLIST: '127.0.0.1' };
      t = await createTestApp({ sql: 'postgres', kv: 'redis', env });
      replica = await t.replica(env);
      first = await t.login();
      second = await replica.login();
      // Booting two apps takes long on a busy machine.
    }, 300_000);
    afterAll(async () => {
      await replica?.close();
      await t?.close();
      await mcp?.close();
    });

    const servers = async (client: Client) =>
      (await client.inject({ method: 'GET', url: SERVERS })).json().servers as Array<{
        name: string;
        status: string;
        tools: Array<{ action: string }>;
      }>;

    it('a server registered on one instance is listed and called on the other, without a restart', async () => {
      const created = await first.inject({
        method: 'POST',
        url: SERVERS,
        payload: { name: 'shared', transport: 'http', url: mcp.url, token: TOKEN },
      });
      expect(created.statusCode, created.body).toBe(201);

      await expect
        .poll(async () => (await servers(second)).map((s) => [s.name, s.status]), {
          timeout: 20_000,
        })
        .toEqual([['shared', 'connected']]);
      const [seen] = await servers(second);
      expect(seen?.tools.map((tool) => tool.action).sort()).toEqual([
        'add_note',
        'delete_note',
        'read_notes',
      ]);

      // Its token, sealed by the first instance, is injected by the second.
      const calls = mcp.calls.length;
      await replica.app.autonomy.setMode('SEMI', 'test', null);
      const run = await second.inject({
        method: 'POST',
        url: '/api/integrations/mcp-shared/execute',
        payload: { action: 'read_notes', params: { limit: 2 } },
      });
      expect(run.statusCode, run.body).toBe(200);
      expect(mcp.calls.slice(calls)).toEqual([{ tool: 'read-notes', args: { limit: 2 } }]);
      expect(mcp.authorizations.at(-1)).toBe(`Bearer ${TOKEN}`);

      // The model's list on the second instance names it too.
      const skill = replica.app.skills.get('integration_skill');
      await skill?.availability?.();
      expect(skill?.description).toMatch(/^mcp-shared:$/m);
    });

    it('a server removed on one instance is gone from the other', async () => {
      const removed = await second.inject({ method: 'DELETE', url: `${SERVERS}/shared` });
      expect(removed.statusCode).toBe(200);
      await expect.poll(async () => servers(first), { timeout: 20_000 }).toEqual([]);
      const run = await first.inject({
        method: 'POST',
        url: '/api/integrations/mcp-shared/execute',
        payload: { action: 'read_notes' },
      });
      expect(run.json().error).toBe('integration_not_found');

      // The same name registered again starts clean on both.
      const again = await first.inject({
        method: 'POST',
        url: SERVERS,
        payload: { name: 'shared', transport: 'http', url: mcp.url, token: TOKEN },
      });
      expect(again.statusCode).toBe(201);
      await expect
        .poll(async () => (await servers(second)).map((s) => [s.name, s.status]), {
          timeout: 20_000,
        })
        .toEqual([['shared', 'connected']]);
    });
  },
);
