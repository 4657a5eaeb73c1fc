/**
 * The mixed load of the soak, each kind in its own loop, and the ledger of what the runtime
 * acknowledged (and when), against which the checks judge what it kept. Loops carry on through
 * kills: a call that reaches no runtime is simply tried again later.
 */
import type { SoakClient } from './client.ts';
import type { SoakRuntime } from './runtime.ts';
import { NEEDS_CONFIRMATION, type SoakWorld } from './world.ts';

export interface AckedChat {
  requestId: string;
  chatId: string;
  sentAt: number;
  ackedAt: number;
}

export interface ResetWindow {
  /** When the soak asked for it. */
  startedAt: number;
  /** When the soak saw it done (its stream's `done`, or the plan after a kill); null until then. */
  doneAt: number | null;
}

export class Ledger {
  readonly chats: AckedChat[] = [];
  readonly goals: Array<{ goalId: string; createdAt: number }> = [];
  readonly resets: ResetWindow[] = [];
  readonly counts: Record<string, number> = {};
  subscriptionId: string | null = null;
  scheduleIds: string[] = [];

  count(what: string, by = 1): void {
    this.counts[what] = (this.counts[what] ?? 0) + by;
  }
}

export interface WorkloadOptions {
  client: SoakClient;
  runtime: SoakRuntime;
  world: SoakWorld;
  ledger: Ledger;
  /** The load stops then. */
  until: number;
  /**
   * Kills and resets happen until then: the rest of the run is a process that lives on (its
   * memory is measured) and records no reset wipes (the checks find them kept).
   */
  chaosUntil: number;
  killEveryMs: [number, number];
  resetEveryMs: [number, number];
  /** Called each time the runtime is up again after a kill. */
  onStart?: () => Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const between = ([low, high]: [number, number]) => low + Math.random() * (high - low);

export async function runWorkload(options: WorkloadOptions): Promise<void> {
  const { client, ledger, until } = options;
  const running = () => Date.now() < until;
  await configure(options);
  let sent = 0;
  const next = () => {
    sent += 1;
    return sent;
  };
  const loops = [
    ...[0, 1, 2].map(() => chatLoop(options, next, running)),
    confirmationLoop(options, next, running),
    approverLoop(options, running),
    goalLoop(options, next, running),
    every(running, 300, async () => {
      const answer = await client.call('POST', '/api/integrations/grafana/execute', {
        action: 'get_org',
        params: {},
      });
      if (answer) ledger.count(`integration ${answer.status}`);
    }),
    every(running, 10_000, async () => {
      options.world.publish();
      const answer = await client.call('POST', `/api/subscriptions/${ledger.subscriptionId}/check`);
      if (answer?.status === 202 || answer?.status === 200) ledger.count('subscription checks');
    }),
    every(running, 20_000, async () => {
      for (const id of ledger.scheduleIds) {
        const answer = await client.call('POST', `/api/schedules/${id}/run`);
        if (answer?.status === 202) ledger.count('schedule runs started');
      }
    }),
    resetLoop(options, running),
    chaosLoop(options),
    every(running, 10_000, async () => options.world.trim()),
  ];
  await Promise.all(loops);
}

/** The run's fixtures, through the API: a connector, a feed, a schedule and a monitor. */
async function configure({ client, world, ledger }: WorkloadOptions): Promise<void> {
  const must = async (method: string, path: string, body: unknown, ok: number[]) => {
    const answer = await client.call(method, path, body);
    if (!answer || !ok.includes(answer.status))
      throw new Error(`${method} ${path}: ${answer?.status} ${answer?.text}`);
    return answer.json();
  };
  await must(
    'PUT',
    '/api/integrations/grafana/credentials',
    { values: { token: world.token } },
    [200],
  );
  await must('PUT', '/api/integrations/grafana/base-url', { base_url: world.vendor.url }, [200]);
  const feed = await must(
    'POST',
    '/api/subscriptions',
    { kind: 'feed', url: world.feedUrl, interval_seconds: 300 },
    [201],
  );
  ledger.subscriptionId = feed.subscription_id;
  const prompt = await must(
    'POST',
    '/api/schedules',
    {
      kind: 'recurring',
      cron: '* * * * *',
      action: { type: 'prompt', text: 'Summarise the soak so far' },
    },
    [201],
  );
  const monitor = await must(
    'POST',
    '/api/schedules',
    { kind: 'monitor', url: `${world.vendor.url}/echo`, check: 'up', interval_seconds: 30 },
    [201],
  );
  ledger.scheduleIds = [prompt.schedule_id, monitor.schedule_id];
}

function every(running: () => boolean, ms: number, work: () => Promise<unknown>): Promise<void> {
  return (async () => {
    while (running()) {
      await work();
      await sleep(ms);
    }
  })();
}

/** Chats, one after another: model-loop messages sync and streamed, and fast-path questions. */
async function chatLoop(
  { client, ledger }: WorkloadOptions,
  next: () => number,
  running: () => boolean,
) {
  while (running()) {
    const n = next();
    const chatId = `soak-chat-${n}`;
    const text = n % 5 === 0 ? 'what is 12*7?' : `Remember soak-note-${n} for me.`;
    const sentAt = Date.now();
    let requestId: string | null = null;
    if (n % 2 === 0) requestId = (await client.stream(text, chatId))?.request_id ?? null;
    else {
      const answer = await client.call('POST', '/chat', { text, chat_id: chatId });
      if (answer?.status === 200) requestId = answer.json().request_id;
    }
    if (requestId) {
      ledger.chats.push({ requestId, chatId, sentAt, ackedAt: Date.now() });
      ledger.count(n % 2 === 0 ? 'chat streams answered' : 'chats answered');
    } else await sleep(200);
  }
}

/** A chat whose model asks for a RESTRICTED call; the approver loop decides it. */
async function confirmationLoop(
  { client, ledger }: WorkloadOptions,
  next: () => number,
  running: () => boolean,
) {
  while (running()) {
    const n = next();
    const answer = await client.call('POST', '/chat', {
      text: `Please ${NEEDS_CONFIRMATION} soak-confirm-${n}`,
      chat_id: `soak-confirm-${n}`,
    });
    if (answer?.status === 200) ledger.count('confirmation chats answered');
    else await sleep(500);
  }
}

async function approverLoop({ client, ledger }: WorkloadOptions, running: () => boolean) {
  while (running()) {
    const answer = await client.call('GET', '/api/confirmations?status=pending');
    for (const confirmation of answer?.status === 200 ? answer.json().confirmations : []) {
      const decision = Math.random() < 0.6 ? 'approve' : 'deny';
      const decided = await client.call(
        'POST',
        `/api/confirmations/${confirmation.confirmation_id}/${decision}`,
      );
      if (decided?.status === 200)
        ledger.count(decision === 'approve' ? 'confirmations approved' : 'confirmations denied');
    }
    await sleep(300);
  }
}

async function goalLoop(
  { client, ledger }: WorkloadOptions,
  next: () => number,
  running: () => boolean,
) {
  while (running()) {
    const answer = await client.call('POST', '/api/goals', {
      objective: `Soak goal ${next()}`,
      priority: 5,
    });
    if (answer?.status === 201) {
      ledger.goals.push({ goalId: answer.json().goal_id, createdAt: Date.now() });
      ledger.count('goals created');
    }
    await sleep(answer?.status === 201 ? 6_000 : 500);
  }
}

/**
 * A Panic Reset now and then. One cut by a kill is judged by the plan once the runtime is back:
 * finished by the restart (a new last run, done), or never begun (the last run is still the one
 * before, and the window is dropped).
 */
async function resetLoop(
  { client, ledger, resetEveryMs, chaosUntil }: WorkloadOptions,
  running: () => boolean,
) {
  const lastRun = async (): Promise<{ run_id: string; status: string } | null | undefined> => {
    const plan = await client.call('GET', '/api/reset/plan');
    return plan?.status === 200 ? plan.json().last_run : undefined;
  };
  await sleep(between(resetEveryMs) / 2);
  while (running() && Date.now() < chaosUntil) {
    const before = await lastRun();
    if (before === undefined) {
      await sleep(500);
      continue;
    }
    const window: ResetWindow = { startedAt: Date.now(), doneAt: null };
    const answer = await client.call('POST', '/api/reset', { confirm: 'RESET AGENT' });
    if (answer) ledger.count(`reset answers ${answer.status}`);
    if (answer && answer.status !== 200) {
      await sleep(1_000);
      continue;
    }
    if (answer?.text.includes('"ok":true')) window.doneAt = Date.now();
    let begun = true;
    while (window.doneAt === null) {
      const last = await lastRun();
      if (last === undefined || last?.status === 'running') await sleep(250);
      else if (last?.run_id === before?.run_id) {
        begun = false;
        break;
      } else window.doneAt = Date.now();
    }
    if (begun) {
      ledger.resets.push(window);
      ledger.count('resets');
    }
    await sleep(between(resetEveryMs));
  }
}

async function chaosLoop({ runtime, chaosUntil, killEveryMs, onStart }: WorkloadOptions) {
  for (;;) {
    await sleep(between(killEveryMs));
    if (Date.now() >= chaosUntil) return;
    await runtime.kill();
    await sleep(between([100, 1_000]));
    await runtime.start();
    await onStart?.();
  }
}
