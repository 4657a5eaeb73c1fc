import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import { NotFoundError } from '../../errors/app-error.js';
import type { SsrfGuard } from '../../net/ssrf.js';
import { uuidv7 } from '../../util/uuid-v7.js';
import type { JobDoorbell } from '../jobs/job-doorbell.js';
import { cronRuns, upcoming } from './occurrences.js';
import { assertFields, assertMonitorUrl, newScheduleRow } from './schedule-input.js';
import type { ScheduleQueue } from './schedule-queue.js';
import type { ScheduleRunner } from './schedule-runner.js';
import type { ScheduleRunsRepository } from './schedule-runs.repository.js';
import { planUpdate } from './schedule-update.js';
import { toScheduleView } from './schedule-view.js';
import type { ScheduleRow, SchedulerRepository } from './scheduler.repository.js';
import type {
  CreateSchedule,
  RunsQuery,
  RunView,
  ScheduleView,
  UpdateSchedule,
} from './scheduler.schema.js';
import type { ScheduleKind } from './scheduler.tables.js';
import { SchedulerWorkers } from './scheduler-workers.js';

export interface SchedulerServiceDependencies {
  jobs: PgBoss;
  doorbell: JobDoorbell;
  repository: SchedulerRepository;
  runs: ScheduleRunsRepository;
  queue: ScheduleQueue;
  runner: ScheduleRunner;
  /** Judges monitor URLs at creation (the same allowlist the checks use). */
  guard: SsrfGuard;
  log: FastifyBaseLogger;
}

const UPCOMING_COUNT = 5;

/**
 * Schedules as configuration: recurring prompts, one-off prompts, reminders and monitors. Every
 * change that moves a schedule's next occurrence replaces its queued job; the runner claims each
 * occurrence once across replicas and queues the one after.
 */
export class SchedulerService {
  /** This replica's workers; `configure` them before the app is ready (tests poll faster). */
  readonly workers: SchedulerWorkers;

  constructor(private readonly deps: SchedulerServiceDependencies) {
    this.workers = new SchedulerWorkers(deps);
  }

  async list(kind?: ScheduleKind): Promise<ScheduleView[]> {
    return (await this.deps.repository.list(kind)).map(toScheduleView);
  }

  async get(scheduleId: string): Promise<ScheduleView & { upcoming: string[] }> {
    const row = await this.row(scheduleId);
    const next = row.enabled ? row.next_run_at : null;
    return {
      ...toScheduleView(row),
      upcoming: upcoming(row, next, UPCOMING_COUNT, new Date()).map((d) => d.toISOString()),
    };
  }

  async create(input: CreateSchedule, actor: string): Promise<ScheduleView> {
    const now = new Date();
    assertFields(input.kind, input, { creating: true, now });
    if (input.url) await assertMonitorUrl(this.deps.guard, input.url);
    const { queue, repository } = this.deps;
    const row = await repository.insert(
      newScheduleRow(input, uuidv7(), actor, now),
      async (trx, inserted) => {
        if (inserted.next_run_at) await queue.enqueue(trx, inserted, inserted.next_run_at);
      },
    );
    return toScheduleView((await repository.get(row.schedule_id)) ?? row);
  }

  /** Applies a change; returns the schedule and the names of the fields that changed. */
  async update(
    scheduleId: string,
    patch: UpdateSchedule,
  ): Promise<{ schedule: ScheduleView; changed: string[] }> {
    const now = new Date();
    const current = await this.row(scheduleId);
    assertFields(current.kind, patch, {
      creating: false,
      now,
      cron: current.cron,
      timeZone: current.time_zone,
    });
    if (patch.url && patch.url !== current.url) await assertMonitorUrl(this.deps.guard, patch.url);
    const { queue } = this.deps;
    let plan: ReturnType<typeof planUpdate> | undefined;
    const result = await this.deps.repository.change(
      scheduleId,
      (row) => {
        plan = planUpdate(row, patch, now);
        return plan.changes;
      },
      async (trx, before, after) => {
        if (!plan?.retimed) return;
        await queue.drop(trx, before);
        if (after.next_run_at) await queue.enqueue(trx, after, after.next_run_at);
      },
    );
    if (!result || !plan) throw new NotFoundError('No such schedule');
    const after = (await this.deps.repository.get(scheduleId)) ?? result.after;
    return { schedule: toScheduleView(after), changed: plan.changed };
  }

  async remove(scheduleId: string): Promise<ScheduleView> {
    const { queue } = this.deps;
    const row = await this.deps.repository.delete(scheduleId, (trx, deleted) =>
      queue.drop(trx, deleted),
    );
    if (!row) throw new NotFoundError('No such schedule');
    return toScheduleView(row);
  }

  /** Runs the schedule's work now, whatever its timing (its next occurrence stays queued). */
  async runNow(scheduleId: string): Promise<RunView> {
    const runId = await this.deps.runner.runManual(await this.row(scheduleId));
    const run = await this.deps.runs.getRun(runId);
    if (!run) throw new NotFoundError('No such schedule');
    return run;
  }

  async runs(scheduleId: string, query: RunsQuery) {
    await this.row(scheduleId);
    return this.deps.runs.runsPage(scheduleId, query);
  }

  getRun(runId: string): Promise<RunView | undefined> {
    return this.deps.runs.getRun(runId);
  }

  /** The next occurrences of a cron expression in a zone (the page's form shows them). */
  preview(cron: string, timeZone: string, count: number): string[] {
    return cronRuns(cron, timeZone, new Date(), count).map((d) => d.toISOString());
  }

  /** Queues every enabled schedule whose next occurrence has no job waiting (start-up, repair). */
  reconcile(): Promise<number> {
    return this.workers.reconcile();
  }

  /** Works one due occurrence, as the job handler does; null when it was not this caller's. */
  runDue(scheduleId: string, due: Date): Promise<string | null> {
    return this.deps.runner.runDue(scheduleId, due);
  }

  /** Resolves when the runs this replica started have been recorded. */
  settled(): Promise<void> {
    return this.deps.runner.settled();
  }

  private async row(scheduleId: string): Promise<ScheduleRow> {
    const row = await this.deps.repository.get(scheduleId);
    if (!row) throw new NotFoundError('No such schedule');
    return row;
  }
}
