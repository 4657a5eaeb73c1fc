// docs/operations.md's backup and restore, run as written while the agent is busy: the volumes
// are destroyed in between, and every chat, memory item, goal and vault credential comes back.
import { randomUUID } from 'node:crypto';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { OPS_DIR, runDrill, waitHealthy } from './operations.js';
import { compose, docker, type Session, signIn } from './stack.js';

const mark = randomUUID().slice(0, 8);
const CHAT = `drill-chat-${mark}`;
const PROVIDER = `drill${mark}`;

async function seed(session: Session) {
  const chat = await session.call('/chat', { body: { text: `Remember ${mark}`, chat_id: CHAT } });
  expect(chat.status).toBe(200);
  const memory = await session.call('/api/memory/items', {
    body: { path: 'drill/fact', text: `The drill marker is ${mark}.` },
  });
  expect(memory.status, memory.body).toBe(201);
  const goal = await session.call('/api/goals', {
    body: { objective: `Drill goal ${mark}`, priority: 3 },
  });
  expect(goal.status, goal.body).toBe(201);
  const provider = await session.call('/api/models/providers', {
    body: {
      provider_id: PROVIDER,
      kind: 'openai_compatible',
      label: 'Drill',
      base_url: 'http://agent-llm:11434/v1',
      api_key: `sk-drill-${mark}`,
    },
  });
  expect(provider.status, provider.body).toBe(201);
}

async function everythingIsBack(session: Session) {
  const messages = (await session.call(`/api/chats/${CHAT}/messages`)).json();
  expect(JSON.stringify(messages)).toContain(`Remember ${mark}`);
  const items = (await session.call('/api/memory/items?path=drill')).json().items;
  expect(items.map((item: { text: string }) => item.text)).toContain(
    `The drill marker is ${mark}.`,
  );
  const goals = (await session.call('/api/goals?status=all')).json().goals;
  expect(goals.map((goal: { objective: string }) => goal.objective)).toContain(
    `Drill goal ${mark}`,
  );
  const providers = (await session.call('/api/models')).json().providers;
  const provider = providers.find((p: { provider_id: string }) => p.provider_id === PROVIDER);
  expect(provider?.has_key).toBe(true);
  // The key is readable again (the vault came back with DASHBOARD_SECRET): the provider answers.
  const test = await session.call(`/api/models/providers/${PROVIDER}/test`, {
    method: 'POST',
    body: {},
  });
  expect(test.status, test.body).toBe(200);
  expect(test.json().ok, test.body).toBe(true);
}

describe('back up and restore, as docs/operations.md says', () => {
  it('brings every chat, memory item, goal and vault credential back after the volumes are gone', async () => {
    const session = await signIn();
    await seed(session);

    // The agent is busy while the backup runs: a reply streams throughout.
    const busy = session.call('/chat', {
      body: { text: 'stream 30 100', chat_id: `drill-busy-${mark}` },
    });
    const output = await runDrill('backup');
    expect((await busy).status).toBe(200);
    const files = await readdir(path.join(OPS_DIR, 'backups'));
    for (const prefix of ['sqldb-', 'kvstore-', 'core-data-', 'proxy-data-', 'env-']) {
      const file = files.find((name) => name.startsWith(prefix));
      expect(file, `${prefix} in ${files.join(', ')}\n${output}`).toBeDefined();
      expect((await stat(path.join(OPS_DIR, 'backups', file ?? ''))).size).toBeGreaterThan(0);
    }

    // Disaster: the whole stack and its volumes go.
    await compose('down', '--volumes', '--timeout', '5');
    expect(await docker('volume', 'ls', '-q')).toBe('');

    await runDrill('restore');
    await waitHealthy();
    // The session signed in before the backup still works, through the same certificate
    // authority the devices already trust (its root came back with proxy-data).
    await everythingIsBack(await signIn());
  }, 600_000);
});
