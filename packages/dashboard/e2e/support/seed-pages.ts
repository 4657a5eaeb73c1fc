import type { Client, FakeModelServer } from '@agent-runtime/core/testing';
import { waitFor, waitForStatus } from '../../../core/src/modules/goals/test-support/goal-fixtures';
// Not re-exported by @agent-runtime/core/testing: a request's user text, and the goals tests'
// polling helpers.
import { lastUserText } from '../../../core/src/testing/fakes/fake-model-script';

/** What the seeded pages are about, for the detail pages and the README's screenshots. */
export interface Seeded {
  /** A chat whose reply ran a skill the operator approved. */
  chatId: string;
  /** A completed goal with a three-task graph. */
  goalId: string;
  agentId: string;
  scheduleId: string;
}

export const SEEDED_CHAT = 'chat-screens-calc';
export const GOAL_OBJECTIVE = 'Summarise the release notes for the team';

/** The goal's plan, as the model answers the planning call: four tasks, two of them side by side. */
const PLAN = JSON.stringify({
  tasks: [
    {
      key: 'gather',
      title: 'Gather the release notes',
      instruction: 'Collect the notes of every change merged since the last release.',
      depends_on: [],
    },
    {
      key: 'draft',
      title: 'Draft the summary',
      instruction: 'Write a one-page summary of the notes for the team, grouped by area.',
      depends_on: ['gather'],
    },
    {
      key: 'check',
      title: 'Check the version numbers',
      instruction: 'Check that every version number in the notes matches its tag.',
      depends_on: ['gather'],
    },
    {
      key: 'send',
      title: 'Send it to the team',
      instruction: 'Send the checked summary to the team channel.',
      depends_on: ['draft', 'check'],
    },
  ],
});

/**
 * How the fake model answers the seeding: the goal's planning call (the only structured request,
 * since extraction is off) gets the plan, anything else a short reply naming what it was asked.
 * Turns queued with `queue` come first.
 */
function routeModel(model: FakeModelServer): void {
  model.respond = (request) =>
    request.body?.response_format !== undefined
      ? { text: PLAN, usage: { input: 120, output: 80 } }
      : {
          text: `Done. ${lastUserText(request.body).split('\n')[0]?.slice(0, 80)}`,
          usage: { input: 200, output: 40 },
        };
}

async function call(client: Client, method: string, url: string, payload?: object) {
  const response = await client.inject({
    method: method as 'POST',
    url,
    ...(payload ? { payload } : {}),
  });
  if (response.statusCode >= 300)
    throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return response.json();
}

/**
 * A chat in which the model calls the calculator, which waits for the operator under MANUAL
 * autonomy; it is approved through the API, and the reply finishes with the skill's result.
 */
async function seedChatWithConfirmation(admin: Client, model: FakeModelServer): Promise<void> {
  await call(admin, 'PUT', '/api/autonomy', { mode: 'MANUAL' });
  model.queue(
    { toolCalls: [{ name: 'calculate', input: { expression: '1299 * 12' } }] },
    { text: 'A year at 1,299 a month comes to 15,588.' },
  );
  const reply = call(admin, 'POST', '/chat', {
    chat_id: SEEDED_CHAT,
    text: 'What does a year of the 1,299 monthly plan cost? Use the calculator.',
  });
  const pending = await waitFor(async () => {
    const { confirmations } = await call(admin, 'GET', '/api/confirmations?status=pending');
    return confirmations[0] as { confirmation_id: string } | undefined;
  }, 'the calculator confirmation');
  await call(admin, 'POST', `/api/confirmations/${pending.confirmation_id}/approve`, {});
  await reply;
  await call(admin, 'PUT', '/api/autonomy', { mode: 'SEMI' });
}

/** Fills the pages through the HTTP API, as an operator's use would. */
export async function seedPages(admin: Client, model: FakeModelServer): Promise<Seeded> {
  routeModel(model);
  await seedChatWithConfirmation(admin, model);
  await call(admin, 'POST', '/chat', {
    chat_id: 'chat-screens-plain',
    text: 'Remind me what the release checklist says about changelogs.',
  });
  for (const payload of [
    { path: 'persona/style', kind: 'block', text: 'Answer in short sentences.' },
    { path: 'preferences/food', kind: 'preference', text: 'The operator is vegetarian.' },
    { path: 'facts/team', kind: 'fact', text: 'The release team meets on Thursdays at 10:00.' },
  ])
    await call(admin, 'POST', '/api/memory/items', payload);
  await call(admin, 'POST', '/api/behavioral-rules', {
    text: 'Greet the operator by name.',
    confidence: 0.6,
  });
  const schedule = await call(admin, 'POST', '/api/schedules', {
    kind: 'recurring',
    cron: '0 9 * * 1',
    action: { type: 'prompt', text: 'Summarise last week’s failed tasks.' },
  });
  const agent = await call(admin, 'POST', '/api/agents', {
    name: 'Scribe',
    objective: 'Keep the release notes up to date.',
    priority: 5,
  });
  const goal = await call(admin, 'POST', '/api/goals', { objective: GOAL_OBJECTIVE, priority: 6 });
  await waitForStatus(admin, goal.goal_id, 'completed');
  return {
    chatId: SEEDED_CHAT,
    goalId: goal.goal_id,
    agentId: agent.agent_id,
    scheduleId: schedule.schedule_id,
  };
}
