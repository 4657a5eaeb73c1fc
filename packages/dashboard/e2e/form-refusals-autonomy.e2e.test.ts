import type { Client } from '@agent-runtime/core/testing';
import { afterAll, beforeAll, expect, test } from 'vitest';
// Not re-exported by @agent-runtime/core/testing: the goals tests' fixtures.
import {
  createGoal,
  detail,
  waitFor,
} from '../../core/src/modules/goals/test-support/goal-fixtures';
import {
  expectExplained,
  expectNoToast,
  fieldError,
  formRefusal,
  refuseNext,
} from './support/refusals';
import {
  type BrowserRuntime,
  describeInBrowser,
  openPage,
  startBrowserRuntime,
} from './support/runtime';

/** The one private address a feed may name here (SSRF_ALLOWLIST); nothing listens on it. */
const ALLOWED_HOST = '127.0.0.2';

/** What the runtime answers to a request that failed in an unexpected way. */
const INTERNAL = { error: 'internal_error', message: 'Internal server error' };

/**
 * The forms that give the agent standing work (goals, schedules, subscriptions, sub-agents, the
 * autonomy mode) show the runtime's refusal where the operator looks: under the field its
 * `details` name, else the server's message with its code.
 */
describeInBrowser('dashboard: autonomy forms show why the runtime refused', () => {
  let runtime: BrowserRuntime;
  let admin: Client;

  beforeAll(async () => {
    runtime = await startBrowserRuntime({ env: { SSRF_ALLOWLIST: ALLOWED_HOST } });
    admin = await runtime.server.login();
  });
  afterAll(async () => {
    await runtime?.close();
  });

  async function call<T>(method: 'POST' | 'PUT', url: string, payload: object): Promise<T> {
    const response = await admin.inject({ method, url, payload });
    if (response.statusCode >= 300) throw new Error(`${url}: ${response.body}`);
    return response.json() as T;
  }

  test('add task: an unknown dependency is named under Depends on, by its title', async () => {
    // Its one task stays ready, so the goal stays active and takes new tasks.
    await call('PUT', '/api/config/flags/autonomous_goals', { enabled: false });
    const goalId = await createGoal(admin, 'Write the onboarding guide');
    const goal = await waitFor(async () => {
      const found = await detail(admin, goalId);
      return found.tasks.length > 0 ? found : undefined;
    }, 'the goal to be planned');
    const first = goal.tasks[0] as (typeof goal.tasks)[number];
    const { page } = await openPage(runtime, { signedIn: true });
    await page.goto(`/goals/${goalId}`);
    await page.getByRole('button', { name: 'Add task' }).click();
    const form = page.getByRole('dialog').getByRole('form', { name: 'Add task' });
    const title = form.getByRole('textbox', { name: 'Title' });
    await title.fill('Proofread');
    await form.getByRole('textbox', { name: 'Instruction' }).fill('Proofread the guide.');
    const dependsOn = form.getByRole('combobox', { name: 'Depends on' });
    await dependsOn.click();
    await page.getByRole('option', { name: new RegExp(`^#${first.position} `) }).click();
    await title.click();
    // The task was removed meanwhile: the runtime names it by id, the form by its title.
    await refuseNext(page, 'POST', `/api/goals/${goalId}/tasks`, 400, {
      error: 'validation_error',
      message: 'Dependencies must be tasks of the same goal',
      details: [{ path: '/depends_on/0', message: `no task ${first.task_id} in this goal` }],
    });
    await form.getByRole('button', { name: 'Add task' }).click();
    expect(await fieldError(dependsOn)).toContain(
      `no task "#${first.position} ${first.title}" in this goal`,
    );
    await expectNoToast(page);
    await form.getByRole('button', { name: 'Cancel' }).click();
    await form.waitFor({ state: 'detached' });

    await refuseNext(page, 'POST', `/api/goals/${goalId}/archive`, 500, INTERNAL);
    await page.getByRole('button', { name: 'Archive', exact: true }).click();
    const archive = page.getByRole('dialog', { name: 'Archive this goal?' });
    await archive.getByRole('button', { name: 'Archive goal' }).click();
    expectExplained(await formRefusal(archive), 'Internal server error', 'internal_error');
  });

  test("schedules: a one-off's time, a prompt and a monitor's URL carry the runtime's words", async () => {
    const kept = await call<{ schedule_id: string }>('POST', '/api/schedules', {
      kind: 'recurring',
      name: 'Weekly summary',
      cron: '0 9 * * 1',
      action: { type: 'prompt', text: 'Summarise last week.' },
      enabled: false,
    });
    const { page } = await openPage(runtime, { signedIn: true });
    await page.goto('/scheduler');

    // A one-off task in the past: the runtime's own refusal.
    await page.getByRole('button', { name: 'Add one-off task' }).click();
    const once = page.getByRole('dialog').getByRole('form', { name: 'Add a one-off task' });
    const when = once.getByLabel('When');
    await when.fill('2020-01-06T09:00');
    await once.getByRole('textbox', { name: 'Prompt' }).fill('Send the weekly report.');
    await once.getByRole('button', { name: 'Add one-off task' }).click();
    expect(await fieldError(when)).toBe('Must not be in the past');
    await expectNoToast(page);
    await once.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: 'Add recurring task' }).click();
    const recurring = page.getByRole('dialog').getByRole('form', { name: 'Add a recurring task' });
    await recurring.getByRole('textbox', { name: 'Cron expression' }).fill('0 9 * * 1-5');
    const prompt = recurring.getByRole('textbox', { name: 'Prompt' });
    await prompt.fill('Summarise the news of the night.');
    await refuseNext(page, 'POST', '/api/schedules', 400, {
      error: 'validation_error',
      message: 'Invalid body',
      details: [{ path: '/action/text', message: 'must not contain a NUL character' }],
    });
    await recurring.getByRole('button', { name: 'Add recurring task' }).click();
    expect(await fieldError(prompt)).toBe('Must not contain a NUL character');
    await recurring.getByRole('button', { name: 'Cancel' }).click();

    // Credentials in a monitor's URL: the runtime's own refusal.
    await page.getByRole('button', { name: 'Add monitor' }).click();
    const monitor = page.getByRole('dialog').getByRole('form', { name: 'Add a monitor' });
    const url = monitor.getByRole('textbox', { name: 'URL' });
    await url.fill('https://ops:secret@status.example.com/');
    await monitor.getByRole('button', { name: 'Add monitor' }).click();
    expect(await fieldError(url)).toBe('Must not carry a user name or password');
    await monitor.getByRole('button', { name: 'Cancel' }).click();

    await refuseNext(page, 'DELETE', `/api/schedules/${kept.schedule_id}`, 404, {
      error: 'not_found',
      message: 'No such schedule',
    });
    await page
      .locator('tr[data-schedule="Weekly summary"]')
      .getByRole('button', { name: 'Delete' })
      .click();
    const remove = page.getByRole('dialog', { name: 'Delete Weekly summary?' });
    await remove.getByRole('button', { name: 'Delete' }).click();
    expectExplained(await formRefusal(remove), 'No such schedule', 'not_found');
  });

  test('feeds: a URL that is not http(s), an interval under the minimum, a refused delete', async () => {
    const feed = await call<{ subscription_id: string }>('POST', '/api/subscriptions', {
      kind: 'feed',
      name: 'Club news',
      url: `http://${ALLOWED_HOST}:9/news.xml`,
      enabled: false,
    });
    const { page } = await openPage(runtime, { signedIn: true });
    await page.goto('/subscriptions');

    await page.getByRole('button', { name: 'Add feed' }).click();
    const add = page.getByRole('dialog').getByRole('form', { name: 'Add feed' });
    const url = add.getByRole('textbox', { name: 'Feed URL' });
    await url.fill('ftp://example.org/feed.xml');
    await add.getByRole('button', { name: 'Subscribe' }).click();
    expect(await fieldError(url)).toBe('Must be an http or https URL');
    await expectNoToast(page);
    await add.getByRole('button', { name: 'Cancel' }).click();

    const row = page.locator('tr[data-subscription="Club news"]');
    await row.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog').getByRole('form', { name: 'Edit feed' });
    const interval = edit.getByRole('combobox', { name: 'Check every' });
    await interval.click();
    await page.getByRole('option', { name: '5 minutes', exact: true }).click();
    // The operator raised the polling minimum since the page was loaded.
    await refuseNext(page, 'PATCH', `/api/subscriptions/${feed.subscription_id}`, 400, {
      error: 'validation_error',
      message: 'Invalid body',
      details: [{ path: '/interval_seconds', message: 'must be at least 900 seconds' }],
    });
    await edit.getByRole('button', { name: 'Save' }).click();
    expect(await fieldError(interval)).toBe('Must be at least 900 seconds');
    await edit.getByRole('button', { name: 'Cancel' }).click();

    await refuseNext(page, 'DELETE', `/api/subscriptions/${feed.subscription_id}`, 404, {
      error: 'not_found',
      message: 'No such subscription',
    });
    await row.getByRole('button', { name: 'Delete' }).click();
    const remove = page.getByRole('dialog', { name: 'Delete Club news?' });
    await remove.getByRole('button', { name: 'Delete' }).click();
    expectExplained(await formRefusal(remove), 'No such subscription', 'not_found');
  });

  test('agents: a name in use under Name, an edit refused by field, a refused delete', async () => {
    const scribe = await call<{ agent_id: string }>('POST', '/api/agents', {
      name: 'Scribe',
      objective: 'Keep the release notes up to date.',
      priority: 5,
    });
    const { page } = await openPage(runtime, { signedIn: true });
    await page.goto('/agents');
    await page.getByRole('button', { name: 'Create agent' }).first().click();
    const create = page.getByRole('dialog').getByRole('form', { name: 'Create agent' });
    const name = create.getByRole('textbox', { name: 'Name' });
    await name.fill('scribe');
    await create.getByRole('textbox', { name: 'Objective' }).fill('Write the minutes.');
    await create.getByRole('button', { name: 'Create agent' }).click();
    expect(await fieldError(name)).toContain('An agent named "scribe" already exists');
    await expectNoToast(page);
    await create.getByRole('button', { name: 'Cancel' }).click();

    await page.goto(`/agents/${scribe.agent_id}`);
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const edit = page.getByRole('dialog').getByRole('form', { name: 'Edit agent' });
    const objective = edit.getByRole('textbox', { name: 'Objective' });
    await objective.fill('Keep the changelog up to date.');
    await refuseNext(page, 'PATCH', `/api/agents/${scribe.agent_id}`, 400, {
      error: 'validation_error',
      message: 'Invalid body',
      details: [{ path: '/objective', message: 'must not contain a NUL character' }],
    });
    await edit.getByRole('button', { name: 'Save' }).click();
    expect(await fieldError(objective)).toContain('must not contain a NUL character');
    await edit.getByRole('button', { name: 'Cancel' }).click();

    await refuseNext(page, 'DELETE', `/api/agents/${scribe.agent_id}`, 404, {
      error: 'not_found',
      message: 'No such agent',
    });
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const remove = page.getByRole('dialog', { name: 'Delete Scribe?' });
    await remove.getByRole('button', { name: 'Delete agent' }).click();
    expectExplained(await formRefusal(remove), 'No such agent', 'not_found');
  });

  test('autonomy mode: a refused switch stays in its confirmation with the message and code', async () => {
    const { page } = await openPage(runtime, { signedIn: true });
    await page.goto('/skills');
    await refuseNext(page, 'PUT', '/api/autonomy', 500, INTERNAL);
    await page
      .getByRole('radiogroup', { name: 'Autonomy mode' })
      .getByText('FULL', { exact: true })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Switch to full autonomy?' });
    await dialog.getByRole('button', { name: 'Switch to FULL' }).click();
    const refusal = await formRefusal(dialog);
    expectExplained(refusal, 'Internal server error', 'internal_error');
    expect(refusal).toContain('HTTP 500');
    await expectNoToast(page);
  });
});
