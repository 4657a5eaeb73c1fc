import { afterAll, beforeAll, expect } from 'vitest';
import type { SqlTestBackend } from '../../testing/services.js';
import { type Client, createTestApp, type TestApp } from '../../testing/test-app.js';
import type { RuntimeEventMap } from '../events/runtime-events.js';
import type { Agent } from './agents.schema.js';

/** A signed-in app per suite, with the calls the sub-agent suites share. */
export function agentsHarness(backend: SqlTestBackend) {
  const harness = {
    t: undefined as unknown as TestApp,
    client: undefined as unknown as Client,
    /** agent-change events, as emitted. */
    events: [] as RuntimeEventMap['agent-change'][],
    async call(method: string, url: string, payload?: unknown) {
      const response = await harness.client.inject({
        method: method as 'GET',
        url,
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
      return { status: response.statusCode, body: response.json() };
    },
    made: 0,
    async create(overrides: Record<string, unknown> = {}): Promise<Agent> {
      const { status, body } = await harness.call('POST', '/api/agents', {
        name: `agent-${++harness.made}`,
        objective: 'Watch the build.',
        priority: 5,
        ...overrides,
      });
      expect(status).toBe(201);
      return body as Agent;
    },
    async audit(action: string) {
      await harness.t.app.audit.flush();
      return (await harness.t.app.audit.list({ limit: 100, action })).entries;
    },
  };
  beforeAll(async () => {
    harness.t = await createTestApp({ sql: backend });
    harness.client = await harness.t.login();
    harness.t.app.events.subscribe((event) => {
      if (event.name === 'agent-change')
        harness.events.push(event.data as RuntimeEventMap['agent-change']);
    });
  });
  afterAll(() => harness.t.close());
  return harness;
}
