import type { FastifyBaseLogger } from 'fastify';
import type { SafeFetcher } from '../../net/safe-fetch.js';
import { redactText } from '../../security/redact.js';
import type { ConfigurationService } from '../configuration/configuration.service.js';
import type { EventQueue } from '../events/event-queue.js';
import type { RuntimeEvents } from '../events/runtime-events.js';
import type { WorkGauge } from '../health/work-gauge.js';
import type { AgentRuntime } from '../runtime/runtime.service.js';
import type { TracesRepository } from '../traces/traces.repository.js';
import { applyObservation, type MonitorEventKind, monitorEvent, observe } from './monitor-check.js';
import { followingOccurrence } from './occurrences.js';
import { RUN_HEARTBEAT_MS, RUN_TIMEOUT_MS } from './run-limits.js';
import type { RunOutcome, ScheduleRunsRepository } from './schedule-runs.repository.js';
import type { ScheduleRow, SchedulerRepository, Trx } from './scheduler.repository.js';
import type { ScheduleAction } from './scheduler.schema.js';
import type { RunTrigger } from './scheduler.tables.js';

export interface RunnerDependencies {
  repository: SchedulerRepository;
  runs: ScheduleRunsRepository;
  runtime: AgentRuntime;
  traces: TracesRepository;
  eventQueue: EventQueue;
  events: RuntimeEvents;
  configuration: ConfigurationService;
  fetcher: SafeFetcher;
  log: FastifyBaseLogger;
  /** Queues the schedule's next occurrence, in the claim's transaction. */
  enqueue(trx: Trx, row: ScheduleRow, due: Date): Promise<void>;
  /** Counts the runs in this process as active work (the CPI's schedules). */
  work: WorkGauge;
}

/** The chat a schedule's prompt runs in, so its history and traces stay together. */
export const scheduleChatId = (scheduleId: string) => `schedule:${scheduleId}`;

/**
 * Runs occurrences: claims one (once across replicas), queues the next before doing the work
 * (so a crash mid-run never ends the chain), does the kind's work, and records the outcome.
 */
export class ScheduleRunner {
  private readonly inFlight = new Set<Promise<unknown>>();
  /** Runs this process works on: their leases are extended while they work. */
  private readonly leased = new Set<string>();
  private heartbeat: NodeJS.Timeout | null = null;
  private shutdown = new AbortController();

  constructor(private readonly deps: RunnerDependencies) {}

  /**
   * The job handler: one due occurrence. The claim and the queueing of the next occurrence commit
   * together, before the work: a crash mid-run never ends the chain. Returns the run id, or null
   * when the occurrence was not this caller's to run (stale, disabled, deleted, already run).
   */
  async runDue(scheduleId: string, due: Date): Promise<string | null> {
    const claim = await this.deps.runs.claimOccurrence(
      scheduleId,
      due,
      (row) => followingOccurrence(row, due, new Date()),
      (trx, row, next) => this.deps.enqueue(trx, row, next),
    );
    if (!claim) return null;
    if (claim.overlapping) {
      // Runs of one schedule never overlap: a slow prompt makes the next occurrences skip.
      await this.deps.runs.finishRun(scheduleId, claim.runId, {
        status: 'skipped',
        detail: { reason: 'the previous run was still running' },
      });
      this.live(claim.row, 'skipped');
      return claim.runId;
    }
    await this.track(claim.runId, () => this.execute(claim.row, claim.runId, 'schedule'));
    return claim.runId;
  }

  /** A run the operator asked for: recorded now, worked in the background. */
  async runManual(row: ScheduleRow): Promise<string> {
    const runId = await this.deps.runs.insertManualRun(row.schedule_id);
    void this.track(runId, () => this.execute(row, runId, 'manual'));
    return runId;
  }

  /** Resolves when the runs this replica started have finished (tests, shutdown). */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  /** Cancels running work (a prompt waiting on a model) and waits for it to be recorded. */
  async stop(): Promise<void> {
    this.shutdown.abort(new Error('the runtime is shutting down'));
    await this.settled();
  }

  /** Cancels running work like stop(), and takes new runs again afterwards (a Panic Reset). */
  async interrupt(reason: string): Promise<void> {
    this.shutdown.abort(new Error(reason));
    await this.settled();
    this.shutdown = new AbortController();
  }

  /**
   * Runs `work` counted as active work, in flight until it settles (see settled()), and with
   * its run's lease extended meanwhile.
   */
  private track<T>(runId: string, work: () => Promise<T>): Promise<T> {
    const counted = this.deps.work.acquire();
    this.leased.add(runId);
    this.heartbeat ??= setInterval(() => {
      this.deps.runs
        .extendLeases([...this.leased])
        .catch((error: unknown) => this.deps.log.warn({ err: error }, 'run leases not extended'));
    }, RUN_HEARTBEAT_MS).unref();
    const running = work().finally(() => {
      this.inFlight.delete(running);
      this.leased.delete(runId);
      if (this.leased.size === 0 && this.heartbeat) {
        clearInterval(this.heartbeat);
        this.heartbeat = null;
      }
      counted.release();
    });
    this.inFlight.add(running);
    return running;
  }

  private async execute(row: ScheduleRow, runId: string, trigger: RunTrigger): Promise<void> {
    const { deps } = this;
    const live = (status: string) => this.live(row, status);
    live('running');
    let outcome: RunOutcome;
    try {
      outcome = await this.work(row, trigger);
    } catch (error) {
      deps.log.warn({ err: error, schedule_id: row.schedule_id }, 'scheduled run failed');
      outcome = { status: 'error', error: redactText((error as Error).message).slice(0, 500) };
    }
    try {
      await deps.runs.finishRun(row.schedule_id, runId, outcome);
    } catch (error) {
      deps.log.error({ err: error, run_id: runId }, 'scheduled run could not be recorded');
    }
    live(outcome.status);
  }

  private live(row: ScheduleRow, status: string): void {
    this.deps.events.emit('schedule-run', {
      schedule_id: row.schedule_id,
      kind: row.kind,
      name: row.name,
      status,
    });
  }

  /** Flags are read here, when the run happens, so a change applies to the next run. */
  private async work(row: ScheduleRow, trigger: RunTrigger): Promise<RunOutcome> {
    const flag = row.kind === 'monitor' ? 'monitors_and_subscriptions' : 'scheduler';
    if (trigger === 'schedule' && !(await this.deps.configuration.flag(flag)))
      return { status: 'skipped', detail: { reason: `the ${flag} feature flag is off` } };
    switch (row.kind) {
      case 'recurring':
      case 'once':
        return this.prompt(row);
      case 'reminder':
        return this.remind(row);
      case 'monitor':
        return this.check(row);
    }
  }

  private async prompt(row: ScheduleRow): Promise<RunOutcome> {
    const action = row.action as ScheduleAction;
    const chatId = scheduleChatId(row.schedule_id);
    const started = new Date();
    const signal = AbortSignal.any([AbortSignal.timeout(RUN_TIMEOUT_MS), this.shutdown.signal]);
    try {
      const result = await this.deps.runtime.handle({
        text: action.text,
        chatId,
        actor: 'agent',
        signal,
      });
      return {
        status: 'ok',
        request_id: result.request_id,
        detail: { tier: result.tier, reply: redactText(result.reply).slice(0, 1_000) },
      };
    } catch (error) {
      // The runtime wrote a trace before it threw; find it so the run links to it.
      const { traces } = await this.deps.traces.page({ chat_id: chatId, since: started, limit: 1 });
      const reason = signal.aborted
        ? redactText(String((signal.reason as Error)?.message ?? 'cancelled'))
        : redactText((error as Error).message);
      return {
        status: 'error',
        request_id: traces[0]?.request_id ?? null,
        error: reason.slice(0, 500),
      };
    }
  }

  private async remind(row: ScheduleRow): Promise<RunOutcome> {
    const message = row.message ?? row.name;
    const eventId = await this.deps.eventQueue.publish({
      kind: 'reminder.due',
      source: row.schedule_id,
      title: redactText(message).slice(0, 300),
      detail: {
        schedule_id: row.schedule_id,
        name: row.name,
        message,
        run_at: row.run_at ? new Date(row.run_at).toISOString() : null,
      },
      notify: true,
    });
    return { status: 'ok', detail: { event_id: eventId } };
  }

  private async check(row: ScheduleRow): Promise<RunOutcome> {
    const signal = AbortSignal.any([AbortSignal.timeout(RUN_TIMEOUT_MS), this.shutdown.signal]);
    const observation = await observe(
      this.deps.fetcher,
      row.url ?? '',
      row.expected_status,
      signal,
    );
    let events: MonitorEventKind[] = [];
    const changed = await this.deps.repository.change(row.schedule_id, (current) => {
      const applied = applyObservation(current, observation, new Date());
      events = applied.events;
      return applied.changes;
    });
    if (!changed) return { status: 'skipped', detail: { reason: 'the monitor was deleted' } };
    const eventIds: string[] = [];
    for (const kind of events)
      eventIds.push(
        await this.deps.eventQueue.publish(monitorEvent(kind, changed.before, observation)),
      );
    return {
      status: 'ok',
      detail: {
        state: observation.state,
        status: observation.status,
        error: observation.error,
        events,
        event_ids: eventIds,
      },
    };
  }
}
