import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../../logger.js';
import { type FakeModelServer, startFakeOpenAi } from '../../testing/fakes/index.js';
import { type Client, createTestApp, type TestApp } from '../../testing/test-app.js';

const PASSWORD = 'Tulip-Secret-42';
const API_KEY = 'sk-proj-ZYXWVUTSRQPONMLKJIHGFEDCBA98';

/** The model asks for a shell command with credentials in it: where they must never show. */
describe('shell called by the model, with secrets in the command', () => {
  let t: TestApp;
  let client: Client;
  let model: FakeModelServer;
  const logLines: string[] = [];

  beforeAll(async () => {
    model = await startFakeOpenAi();
    const sink = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    });
    t = await createTestApp({
      env: {
        OPENAI_API_KEY: 'sk-test-0123456789abcdefghijkl',
        OPENAI_BASE_URL: model.baseUrl,
        DEFAULT_MODEL: 'openai/gpt-4o-mini',
      },
      logger: pino(loggerOptions('trace'), sink),
    });
    client = await t.login();
    await t.app.autonomy.setMode('FULL', 'admin', null);
  });
  afterAll(async () => {
    await t.close();
    await model.close();
  });

  it('keeps them out of the trace, the audit row, the logs and what the model reads back', async () => {
    const command =
      `curl -s -u deploy:${PASSWORD} http://127.0.0.1:9/ ; ` +
      `export OPENAI_API_KEY=${API_KEY}; echo "using $OPENAI_API_KEY"`;
    model.queue({ toolCalls: [{ name: 'shell', input: { command } }] }, { text: 'Done.' });
    const reply = await client.inject({
      method: 'POST',
      url: '/chat',
      payload: { text: 'deploy the thing with the shell', chat_id: 'shell-secrets' },
    });
    expect(reply.statusCode).toBe(200);
    const { request_id } = reply.json() as { request_id: string };

    const trace = (await client.inject({ method: 'GET', url: `/api/traces/${request_id}` })).json();
    expect(trace.steps).toMatchObject([{ skill: 'shell', status: 'done' }]);
    await t.app.audit.flush();
    const { entries } = await t.app.audit.list({ limit: 5, action: 'skill.shell' });
    expect(entries[0]).toMatchObject({
      request_id,
      target: expect.stringContaining('curl -s -u deploy:[REDACTED] http://127.0.0.1:9/'),
      exit_code: 0,
    });
    // The tool result the model reads next: the echoed key is redacted.
    const messages = (model.requests.at(-1)?.body.messages ?? []) as Array<{
      role: string;
      content: string;
    }>;
    const toolMessage = messages
      .filter((m) => m.role === 'tool')
      .map((m) => m.content)
      .join('\n');
    expect(toolMessage).toContain('using [REDACTED]');

    for (const text of [
      JSON.stringify(trace),
      JSON.stringify(entries),
      logLines.join(''),
      toolMessage,
    ]) {
      expect(text).not.toContain(PASSWORD);
      expect(text).not.toContain(API_KEY);
    }
  });
});
