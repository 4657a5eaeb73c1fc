/**
 * What must hold once the soak's load has stopped, checked from outside: through the API as an
 * operator reads it, and in the stores and files as an auditor would.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { SoakClient } from './client.ts';
import type { Ledger, ResetWindow } from './workload.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How a record stands against the resets: wiped by a later one, kept, or made while one ran. */
export function fate(at: number, resets: ResetWindow[]): 'wiped' | 'kept' | 'unknown' {
  if (resets.some((reset) => reset.startedAt > at)) return 'wiped';
  const during = resets.some(
    (reset) => reset.startedAt <= at && (reset.doneAt === null || at <= reset.doneAt),
  );
  return during ? 'unknown' : 'kept';
}

/** Runs `work` over `items`, `width` at a time. */
async function each<T>(items: T[], width: number, work: (item: T) => Promise<void>) {
  let index = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (index < items.length) await work(items[index++] as T);
    }),
  );
}

/** Every acknowledged message and trace is stored exactly once, or wiped by a later reset. */
export async function checkChats(client: SoakClient, ledger: Ledger, violations: string[]) {
  const tally = { kept: 0, wiped: 0, unknown: 0 };
  await each(ledger.chats, 8, async (chat) => {
    const expected = fate(chat.ackedAt, ledger.resets);
    tally[expected] += 1;
    if (expected === 'unknown') return;
    const trace = await client.call('GET', `/api/traces/${chat.requestId}`);
    const messages = await client.call('GET', `/api/chats/${chat.chatId}/messages?limit=500`);
    const own =
      messages?.status === 200
        ? (messages.json().messages as Array<{ request_id: string }>).filter(
            (m) => m.request_id === chat.requestId,
          ).length
        : 0;
    if (expected === 'kept' && (trace?.status !== 200 || own !== 2))
      violations.push(
        `acknowledged ${chat.requestId} (${chat.chatId}): trace ${trace?.status}, ${own} of its 2 messages`,
      );
    if (expected === 'wiped' && (trace?.status !== 404 || own !== 0))
      violations.push(
        `${chat.requestId} (${chat.chatId}) came back after a reset: trace ${trace?.status}, ${own} messages`,
      );
  });
  return tally;
}

/**
 * No goal task is lost, stuck or run twice: every goal made after the last reset ends (waiting
 * for tasks a kill interrupted to be taken again), none of its tasks finished twice; goals made
 * before a reset are gone.
 */
export async function checkGoals(
  client: SoakClient,
  ledger: Ledger,
  violations: string[],
  patienceMs: number,
) {
  const tally = { finished: 0, wiped: 0, unknown: 0 };
  const deadline = Date.now() + patienceMs;
  await each(ledger.goals, 4, async (goal) => {
    const expected = fate(goal.createdAt, ledger.resets);
    if (expected === 'unknown') {
      tally.unknown += 1;
      return;
    }
    for (;;) {
      const answer = await client.call('GET', `/api/goals/${goal.goalId}`);
      if (expected === 'wiped') {
        if (answer?.status !== 404) violations.push(`goal ${goal.goalId} came back after a reset`);
        else tally.wiped += 1;
        return;
      }
      const detail = answer?.status === 200 ? answer.json() : null;
      if (detail && ['completed', 'failed'].includes(detail.status)) {
        const runs = await client.call('GET', `/api/tasks?goal_id=${goal.goalId}&limit=500`);
        const done = new Map<string, number>();
        for (const run of runs?.json().runs ?? [])
          if (run.status === 'done') done.set(run.task_id, (done.get(run.task_id) ?? 0) + 1);
        for (const [task, times] of done)
          if (times > 1)
            violations.push(`task ${task} of goal ${goal.goalId} finished ${times} times`);
        const open = (detail.tasks as Array<{ status: string }>).filter((task) =>
          ['pending', 'ready', 'running'].includes(task.status),
        );
        if (open.length > 0)
          violations.push(`goal ${goal.goalId} is ${detail.status} with ${open.length} open tasks`);
        tally.finished += 1;
        return;
      }
      if (Date.now() > deadline) {
        const tasks = (detail?.tasks ?? []) as Array<{ status: string }>;
        violations.push(
          `goal ${goal.goalId} stuck ${detail?.status ?? answer?.status}: tasks ${tasks.map((t) => t.status).join(',')}`,
        );
        return;
      }
      await sleep(1_000);
    }
  });
  return tally;
}

/** Runs of the schedules end; the feed's items are recorded once each. */
export async function checkSchedulesAndFeed(
  client: SoakClient,
  ledger: Ledger,
  violations: string[],
  patienceMs: number,
) {
  let runs = 0;
  const deadline = Date.now() + patienceMs;
  for (const id of ledger.scheduleIds) {
    for (;;) {
      const answer = await client.call('GET', `/api/schedules/${id}/runs?limit=500`);
      const list = (answer?.json().runs ?? []) as Array<{ run_id: string; status: string }>;
      const open = list.filter((run) => run.status === 'running');
      if (open.length === 0 || Date.now() > deadline) {
        for (const run of open) violations.push(`schedule run ${run.run_id} stuck running`);
        runs += list.length;
        break;
      }
      await sleep(1_000);
    }
  }
  const items = await client.call(
    'GET',
    `/api/subscriptions/${ledger.subscriptionId}/items?limit=500`,
  );
  const links = ((items?.json().items ?? []) as Array<{ link: string }>).map((item) => item.link);
  const twice = links.filter((link, index) => links.indexOf(link) !== index);
  for (const link of new Set(twice)) violations.push(`feed item ${link} recorded more than once`);
  return { scheduleRuns: runs, feedItems: links.length };
}

/** Reads every page of a keyset-paged list, so the watcher sees all of it. */
export async function readAll(client: SoakClient, path: string, key: string): Promise<number> {
  let cursor: string | null = null;
  let rows = 0;
  do {
    const join = path.includes('?') ? '&' : '?';
    const answer = await client.call(
      'GET',
      `${path}${join}limit=500${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    if (answer?.status !== 200) return rows;
    const page = answer.json();
    rows += (page[key] as unknown[]).length;
    cursor = page.next_cursor ?? null;
  } while (cursor);
  return rows;
}

/** Every file under `dir` whose bytes hold `needle`, relative to `dir`. */
export async function filesHolding(dir: string, needle: string): Promise<string[]> {
  const found: string[] = [];
  const bytes = Buffer.from(needle);
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    const content = await readFile(full).catch(() => null);
    if (content?.includes(bytes)) found.push(path.relative(dir, full));
  }
  return found;
}

/**
 * The load is gone: nothing counted as running and no queue waiting. (The index itself also
 * weighs the share of failed answers over the last five minutes, which a vendor failing at
 * random raised on purpose: it is reported, not judged here.)
 */
export async function checkIdle(client: SoakClient, violations: string[], patienceMs: number) {
  const deadline = Date.now() + patienceMs;
  let last = { cpi: -1, errorRate: 0, queued: -1, work: {} as Record<string, number> };
  for (;;) {
    const answer = await client.call('GET', '/api/health/details');
    if (answer?.status === 200) {
      const details = answer.json();
      last = {
        cpi: details.health.components.cpi,
        errorRate: details.signals.error_rate,
        queued: details.signals.queue_depth,
        work: details.signals.active_work,
      };
      // The request asking is itself HTTP work in progress.
      const busy = Object.values(last.work).reduce((sum, n) => sum + n, 0) - 1;
      if (busy === 0 && last.queued === 0) return last;
    }
    if (Date.now() > deadline) {
      violations.push(
        `not back to idle: ${last.queued} queued, active work ${JSON.stringify(last.work)}`,
      );
      return last;
    }
    await sleep(500);
  }
}
