// What an operator would lose first: a chat, a memory item, a goal, a vault credential and an
// applied self-improve patch. The backup and upgrade drills seed them and check them afterwards.
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { Session } from './stack.js';

export interface OperatorData {
  mark: string;
  chat: string;
  provider: string;
  /** The file the applied patch added to agent-core's source tree. */
  patchPath: string;
}

export function operatorData(): OperatorData {
  const mark = randomUUID().slice(0, 8);
  return {
    mark,
    chat: `drill-chat-${mark}`,
    provider: `drill${mark}`,
    patchPath: `drill/marker_${mark}.py`,
  };
}

const patchText = (data: OperatorData) => `MARKER = "${data.mark}"\n`;

export async function seed(session: Session, data: OperatorData): Promise<void> {
  const chat = await session.call('/chat', {
    body: { text: `Remember ${data.mark}`, chat_id: data.chat },
  });
  expect(chat.status, chat.body).toBe(200);
  const memory = await session.call('/api/memory/items', {
    body: { path: 'drill/fact', text: `The drill marker is ${data.mark}.` },
  });
  expect(memory.status, memory.body).toBe(201);
  const goal = await session.call('/api/goals', {
    body: { objective: `Drill goal ${data.mark}`, priority: 3 },
  });
  expect(goal.status, goal.body).toBe(201);
  const provider = await session.call('/api/models/providers', {
    body: {
      provider_id: data.provider,
      kind: 'openai_compatible',
      label: 'Drill',
      base_url: 'http://agent-llm:11434/v1',
      api_key: `sk-drill-${data.mark}`,
    },
  });
  expect(provider.status, provider.body).toBe(201);
  // A patch the operator reviewed and applied: a new Python module in the source tree.
  const proposal = await session.call('/api/self-improve/proposals', {
    body: { path: data.patchPath, content: patchText(data), rationale: 'drill marker' },
  });
  expect(proposal.status, proposal.body).toBe(201);
  const applied = await session.call(`/api/self-improve/${proposal.json().proposal_id}/apply`, {
    method: 'POST',
    body: {},
  });
  expect(applied.status, applied.body).toBe(200);
}

/** Everything seed() wrote is there, the credential readable and the patch in the source. */
export async function expectEverythingBack(session: Session, data: OperatorData): Promise<void> {
  const messages = (await session.call(`/api/chats/${data.chat}/messages`)).json();
  expect(JSON.stringify(messages)).toContain(`Remember ${data.mark}`);
  const items = (await session.call('/api/memory/items?path=drill')).json().items;
  expect(items.map((item: { text: string }) => item.text)).toContain(
    `The drill marker is ${data.mark}.`,
  );
  const goals = (await session.call('/api/goals?status=all')).json().goals;
  expect(goals.map((goal: { objective: string }) => goal.objective)).toContain(
    `Drill goal ${data.mark}`,
  );
  const providers = (await session.call('/api/models')).json().providers;
  const provider = providers.find((p: { provider_id: string }) => p.provider_id === data.provider);
  expect(provider?.has_key).toBe(true);
  // The key is readable (the vault came back with DASHBOARD_SECRET): the provider answers.
  const test = await session.call(`/api/models/providers/${data.provider}/test`, {
    method: 'POST',
    body: {},
  });
  expect(test.status, test.body).toBe(200);
  expect(test.json().ok, test.body).toBe(true);
  // The patch is on record and back in the source tree agent-core runs from.
  const patches = (await session.call('/api/self-improve/patches')).json().patches as {
    path: string;
    digest_ok: boolean;
  }[];
  expect(patches.find((patch) => patch.path === data.patchPath)?.digest_ok).toBe(true);
  const file = await session.call(
    `/api/self-improve/file?path=${encodeURIComponent(data.patchPath)}`,
  );
  expect(file.status, file.body).toBe(200);
  expect(file.body).toContain(data.mark);
}
