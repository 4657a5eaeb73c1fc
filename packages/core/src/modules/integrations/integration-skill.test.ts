import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeUpstream, startFakeUpstream } from '../../testing/fakes/fake-upstream.js';
import { type FakeModelServer, startFakeOpenAi } from '../../testing/fakes/index.js';
import { type Client, createTestApp, type TestApp } from '../../testing/test-app.js';

const TOKEN = 'Bearer skill-token-2b7e91c4d0';

interface OpenAiTool {
  function: { name: string; description: string; parameters: unknown };
}
const integrationTool = (body: unknown) =>
  ((body as { tools?: OpenAiTool[] }).tools ?? []).find(
    (tool) => tool.function.name === 'integration_skill',
  );

/** The model's view of the registry: only configured connectors, schemas on demand. */
describe('integration_skill through the model loop', () => {
  let t: TestApp;
  let client: Client;
  let model: FakeModelServer;
  let fake: FakeUpstream;

  beforeAll(async () => {
    model = await startFakeOpenAi();
    fake = await startFakeUpstream({
      auth: {
        type: 'api_key',
        placements: [{ in: 'header', name: 'Authorization', field: 'authorization' }],
      },
      credentials: { authorization: TOKEN },
    });
    t = await createTestApp({
      env: {
        OPENAI_API_KEY: 'sk-test-0123456789abcdefghijkl',
        OPENAI_BASE_URL: model.baseUrl,
        DEFAULT_MODEL: 'openai/gpt-4o-mini',
      },
    });
    client = await t.login();
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
    await model?.close();
  });

  const chat = (text: string) =>
    client.inject({ method: 'POST', url: '/chat', payload: { text, chat_id: 'skill-test' } });

  it('is not offered while no connector is configured', async () => {
    model.queue({ text: 'Hello.' });
    expect((await chat('hi')).statusCode).toBe(200);
    expect(integrationTool(model.requests.at(-1)?.body)).toBeUndefined();
  });

  it('names only configured connectors, then describes an action and calls it', async () => {
    const configure = [
      { url: '/api/integrations/http/base-url', payload: { base_url: `${fake.url}/api/` } },
      { url: '/api/integrations/http/credentials', payload: { values: { authorization: TOKEN } } },
    ];
    for (const { url, payload } of configure)
      expect((await client.inject({ method: 'PUT', url, payload })).statusCode).toBe(200);

    model.queue(
      {
        toolCalls: [
          { name: 'integration_skill', input: { integration_id: 'http', action: 'describe' } },
        ],
      },
      {
        toolCalls: [
          {
            name: 'integration_skill',
            input: { integration_id: 'http', action: 'get', params: { path: 'v1/things' } },
          },
        ],
      },
      { text: 'Fetched.' },
    );
    const response = await chat('fetch the things');
    expect(response.statusCode, response.body).toBe(200);

    const [first, second, third] = model.requests.slice(-3).map((r) => r.body);
    const tool = integrationTool(first);
    // The configured connector, one line per action; no schemas; no unconfigured connector.
    expect(tool?.function.description).toMatch(/^http:\nget: GET a path\b/m);
    expect(tool?.function.description).toMatch(/^delete!: DELETE a path\b/m);
    expect(tool?.function.description).not.toMatch(/slack|github|\{"type"/);
    // The describe answer carried the action's JSON schema to the model.
    const described = JSON.stringify(second);
    expect(described).toContain(
      '\\"params\\":{\\"type\\":\\"object\\",\\"properties\\":{\\"path\\"',
    );
    // Then the call itself reached the upstream with the vault's credential.
    expect(fake.accepted.at(-1)).toMatchObject({ method: 'GET', url: '/api/v1/things' });
    expect(fake.accepted.at(-1)?.headers.authorization).toBe(TOKEN);
    expect(JSON.stringify(third)).toContain('/api/v1/things');
    expect(JSON.stringify(model.requests)).not.toContain('skill-token-2b7e91c4d0');
  });

  it("marks each action with the operator's risk override, not the connector's own", async () => {
    const policy = (action: string, risk: string | null) =>
      client.inject({
        method: 'PUT',
        url: `/api/integrations/http/actions/${action}`,
        payload: { risk },
      });
    expect((await policy('get', 'destructive')).statusCode).toBe(200);
    expect((await policy('delete', 'read')).statusCode).toBe(200);
    model.queue({ text: 'Hello.' });
    expect((await chat('hi again')).statusCode).toBe(200);
    const description = integrationTool(model.requests.at(-1)?.body)?.function.description;
    expect(description).toMatch(/^get!: GET a path\b/m);
    expect(description).toMatch(/^delete: DELETE a path\b/m);
    // Back to the connector's own levels once the overrides are cleared.
    expect((await policy('get', null)).statusCode).toBe(200);
    expect((await policy('delete', null)).statusCode).toBe(200);
    model.queue({ text: 'Hello.' });
    expect((await chat('hi once more')).statusCode).toBe(200);
    const restored = integrationTool(model.requests.at(-1)?.body)?.function.description;
    expect(restored).toMatch(/^get: GET a path\b/m);
    expect(restored).toMatch(/^delete!: DELETE a path\b/m);
  });

  it('describes one action by name, and refuses an unknown one', async () => {
    model.queue(
      {
        toolCalls: [
          {
            name: 'integration_skill',
            input: { integration_id: 'http', action: 'describe', params: { action: 'post' } },
          },
          {
            name: 'integration_skill',
            input: { integration_id: 'http', action: 'describe', params: { action: 'nope' } },
          },
        ],
      },
      { text: 'Described.' },
    );
    expect((await chat('what does post take?')).statusCode).toBe(200);
    const seen = JSON.stringify(model.requests.at(-1)?.body);
    expect(seen).toContain('\\"action\\":\\"post\\"');
    expect(seen).not.toContain('\\"action\\":\\"get\\"');
    expect(seen).toContain('action_not_allowed');
  });
});
