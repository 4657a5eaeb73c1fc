import { type FakeModelServer, startFakeOpenAi } from '@agent-runtime/core/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
// Not re-exported by @agent-runtime/core/testing: the goal workers' timing and the fake model's
// routing of planning and task requests.
import { configureGoalsTiming, FAST_GOALS_TIMING } from '../../core/src/modules/goals/goals-timing';
import {
  MODEL_KEY,
  modelEnv,
  planJson,
  script,
} from '../../core/src/modules/goals/test-support/goal-fixtures';
import {
  type BrowserRuntime,
  describeInBrowser,
  openPage,
  startBrowserRuntime,
  watchPageProblems,
} from './support/runtime';

configureGoalsTiming(FAST_GOALS_TIMING);

const OBJECTIVE = 'Summarise the release notes for the team';

/** The statuses of the graph's task nodes, by task title. */
async function nodeStatuses(page: Page): Promise<Record<string, string>> {
  return page
    .locator('[data-testid="task-node"]')
    .evaluateAll((nodes) =>
      Object.fromEntries(
        nodes.map((node) => [
          (node.getAttribute('aria-label') ?? '').split(':')[0],
          node.getAttribute('data-status') ?? '',
        ]),
      ),
    );
}

describeInBrowser('dashboard: goals, tasks and execution state', () => {
  let runtime: BrowserRuntime;
  let fake: FakeModelServer;

  beforeAll(async () => {
    fake = await startFakeOpenAi({ apiKey: MODEL_KEY });
    runtime = await startBrowserRuntime({ env: modelEnv(fake) });
  });
  afterAll(async () => {
    await runtime?.close();
    await fake?.close();
  });

  test('creates a goal and watches its task graph run to completion', async () => {
    // A three-step chain; the middle step answers slowly, so the page shows it running while the
    // first is done and the last still waits.
    script(fake, {
      plan: planJson([
        { key: 'gather', title: 'Gather the notes' },
        { key: 'draft', title: 'Draft the summary', depends_on: ['gather'] },
        { key: 'review', title: 'Review the summary', depends_on: ['draft'] },
      ]),
      task: (key) => ({
        text: `RESULT-${key}`,
        usage: { input: 10, output: 5 },
        firstChunkDelayMs: key === 'draft' ? 3_000 : 0,
      }),
    });
    const { page } = await openPage(runtime, { signedIn: true });
    const problems = watchPageProblems(page);

    await page.goto('/goals');
    expect(await page.title()).toBe('Goals · Agent Runtime');
    await page.getByText('No goals yet').waitFor();

    await page.getByRole('button', { name: 'Create goal' }).first().click();
    const form = page.getByRole('dialog').getByRole('form', { name: 'Create goal' });
    await form.getByRole('button', { name: 'Create goal' }).click();
    await form.getByText('Say what the goal should achieve.').waitFor();
    await form.getByRole('textbox', { name: 'Objective' }).fill(OBJECTIVE);
    await form.getByRole('button', { name: 'Create goal' }).click();

    // Creating opens the goal, whose graph appears once the model's plan is written.
    await page.waitForURL(/\/goals\/[^/?]+/);
    const goalId = new URL(page.url()).pathname.split('/').at(-1);
    await page.getByRole('heading', { name: OBJECTIVE }).waitFor();
    const graph = page.getByTestId('task-graph');
    await graph.waitFor();
    expect(await page.locator('[data-testid="task-node"]').count()).toBe(3);
    expect(await graph.getAttribute('data-levels')).toBe('3');
    expect(await page.locator('[data-testid="task-edge"]').count()).toBe(2);

    // Live states: the slow middle step runs after the first is done, before the last starts.
    // The first step also runs, briefly: wait for the slow one to be the running step.
    await page.waitForFunction(() =>
      [...document.querySelectorAll('[data-testid="task-node"]')].some(
        (node) =>
          node.getAttribute('data-status') === 'running' &&
          node.getAttribute('aria-label')?.startsWith('Draft the summary:'),
      ),
    );
    const whileRunning = await nodeStatuses(page);
    expect(whileRunning['Draft the summary']).toBe('running');
    expect(whileRunning['Gather the notes']).toBe('done');
    expect(whileRunning['Review the summary']).not.toBe('done');

    await page.locator('[data-testid="goal-status"][data-status="completed"]').waitFor({
      timeout: 20_000,
    });
    expect(Object.values(await nodeStatuses(page))).toEqual(['done', 'done', 'done']);

    // A task opens with its instruction and result.
    await page.getByRole('button', { name: /^Draft the summary: Done/ }).click();
    await page.getByTestId('task-details').waitFor();
    expect(await page.getByTestId('task-result').textContent()).toContain('RESULT-draft');
    expect(page.url()).toContain('task=');

    // The goal is listed as completed, and the task log holds its three runs in order.
    await page.goto('/goals?status=completed');
    await page.getByRole('link', { name: OBJECTIVE }).waitFor();
    await page.goto(`/tasks?goal_id=${goalId}`);
    expect(await page.title()).toBe('Tasks · Agent Runtime');
    await page.locator('[data-testid="task-run"][data-status="done"]').nth(2).waitFor();
    expect(await page.locator('[data-testid="task-run"]').count()).toBe(3);

    // Nothing runs any more: the execution state shows no running task.
    await page.goto('/state');
    expect(await page.title()).toBe('State · Agent Runtime');
    await page.getByTestId('running-none').waitFor();
    expect(await page.getByTestId('running-count').textContent()).toBe('0 running');
    expect(problems).toEqual([]);
  });

  test('a plan the model could not make is explained, with how the goal went on', async () => {
    // The model answers the planning call with text that is not a plan.
    script(fake, {});
    const { page } = await openPage(runtime, { signedIn: true });
    const client = await runtime.server.login();
    const created = await client.inject({
      method: 'POST',
      url: '/api/goals',
      payload: { objective: 'Tidy the shared drive', priority: 5 },
    });
    const goalId = (created.json() as { goal_id: string }).goal_id;
    await page.goto(`/goals/${goalId}`);
    const note = page.getByTestId('plan-failure');
    await note.waitFor({ timeout: 20_000 });
    expect(await note.locator('[data-part=why]').innerText()).toContain(
      "The model's answer was not in the shape asked for",
    );
    expect(await note.locator('[data-part=next]').innerText()).toContain('ran as one task');
    // The library's own words are one click away, not in the operator's face.
    expect(await note.getByText(/No object generated/).isVisible()).toBe(false);
    await note.getByRole('button', { name: 'Technical detail' }).click();
    await note.getByText(/planning failed: No object generated/).waitFor();

    // The state shown is the state stored: the one task ran, so the goal completed.
    await page.locator('[data-testid="goal-status"][data-status="completed"]').first().waitFor({
      timeout: 20_000,
    });
    const stored = await client.inject({ method: 'GET', url: `/api/goals/${goalId}` });
    const goal = stored.json() as { status: string; planning: { source: string } };
    expect(goal).toMatchObject({ status: 'completed', planning: { source: 'single_task' } });
    expect(await page.getByTestId('planning-note').innerText()).not.toContain(
      'No object generated',
    );
  });
});
