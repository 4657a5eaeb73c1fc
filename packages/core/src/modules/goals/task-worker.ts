import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import { redactText } from '../../security/redact.js';
import type { AuditService } from '../audit/audit.plugin.js';
import type { ConfigurationService } from '../configuration/configuration.service.js';
import type { RuntimeEventMap, RuntimeEvents } from '../events/runtime-events.js';
import type { WorkGauge } from '../health/work-gauge.js';
import type { JobDoorbell } from '../jobs/job-doorbell.js';
import {
  type AgentRuntime,
  type ChatResult,
  MODEL_UNCONFIGURED_REPLY,
} from '../runtime/runtime.service.js';
import type { TracesRepository } from '../traces/traces.repository.js';
import { type GoalJobs, TASK_QUEUE, type TaskJob } from './goal-jobs.js';
import { goalTaskSpan } from './goal-task-span.js';
import { goalsTiming } from './goals-timing.js';
import type { ResourceGovernor } from './governor.js';
import { JobLoop } from './job-loop.js';
import { type Claim, claimTask, extendLease } from './task-claim.js';
import type { Db } from './task-lifecycle.js';
import { type Outcome, recordFailure, recordInterrupted, recordSuccess } from './task-outcomes.js';
import { taskRequest } from './task-prompt.js';

const RESULT_MAX = 20_000;

export interface TaskWorkerDeps {
  db: Db;
  boss: PgBoss;
  doorbell: JobDoorbell;
  jobs: GoalJobs;
  governor: ResourceGovernor;
  runtime: AgentRuntime;
  traces: TracesRepository;
  events: RuntimeEvents;
  audit: AuditService;
  configuration: ConfigurationService;
  log: FastifyBaseLogger;
  taskTimeoutMs: number;
  /** Counts the tasks running here as active work (the CPI's goal_tasks). */
  work: WorkGauge;
}

type StopReason = 'shutdown' | 'lease_lost';

/**
 * This process's goal workers: job loops on the task queue (as many as max_concurrent_tasks),
 * each claiming its job's task through the Governor, running it through the runtime with a
 * heartbeat on its lease, and recording the outcome.
 */
export class TaskWorker {
  /** The lease holder name: which process runs a task, for /api/state and the run log. */
  readonly owner = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private readonly running = new Map<string, AbortController>();
  private readonly loops: JobLoop<TaskJob>[] = [];
  /** Loops removed by a smaller max_concurrent_tasks, finishing the task in hand. */
  private readonly retiring = new Set<Promise<void>>();
  private stopping = false;

  constructor(private readonly deps: TaskWorkerDeps) {}

  /** Matches the number of job loops to max_concurrent_tasks (read live at each sweep). */
  resize(size: number): void {
    while (!this.stopping && this.loops.length < size) {
      const loop = new JobLoop<TaskJob>(
        this.deps.boss,
        this.deps.doorbell,
        TASK_QUEUE,
        goalsTiming.pollingSeconds * 1000,
        (job) => this.handle(job.data),
        this.deps.log,
      );
      loop.start();
      this.loops.push(loop);
    }
    while (this.loops.length > size) {
      const stopped = (this.loops.pop() as JobLoop<TaskJob>).stop();
      this.retiring.add(stopped);
      void stopped.finally(() => this.retiring.delete(stopped));
    }
  }

  wake(): void {
    for (const loop of this.loops) loop.wake();
  }

  /** Stops taking jobs and hands running tasks back (interrupted, not counted as attempts). */
  async stop(): Promise<void> {
    this.stopping = true;
    for (const stop of this.running.values()) stop.abort('shutdown' satisfies StopReason);
    const loops = this.loops.splice(0);
    await Promise.all([...loops.map((loop) => loop.stop()), ...this.retiring]);
  }

  /**
   * Stops like stop() (running tasks handed back as interrupted, the jobs in hand finished),
   * but may start again: the next resize() creates the loops anew.
   */
  async pause(): Promise<void> {
    await this.stop();
    this.stopping = false;
  }

  /** Never throws: the job is done with either way, and the task row says what is left to do. */
  private async handle(job: TaskJob): Promise<void> {
    try {
      await this.handleJob(job);
    } catch (error) {
      // The sweep queues ready tasks again and takes back expired leases.
      this.deps.log.error({ err: error, task_id: job.task_id }, 'goal task job failed');
    }
  }

  private async handleJob(job: TaskJob): Promise<void> {
    const { deps } = this;
    // Shutting down: the sweep of the next process (or another replica) queues it again.
    if (this.stopping) return;
    const outcome = await claimTask(deps.db, deps.governor, job.task_id, this.owner);
    switch (outcome.kind) {
      case 'claimed':
        await this.execute(outcome.claim);
        return;
      case 'wait':
        deps.log.debug({ task_id: job.task_id, reason: outcome.reason }, 'goal task waits');
        await deps.jobs.sendTask(
          { task_id: job.task_id, priority: outcome.priority ?? job.priority },
          { delayMs: outcome.delayMs ?? goalsTiming.waitSeconds * 1000 },
        );
        return;
      case 'paused':
        deps.log.info({ goal_id: outcome.goal_id, reason: outcome.reason }, 'goal paused');
        deps.events.emit('goal-change', {
          goal_id: outcome.goal_id,
          status: 'paused',
          reason: outcome.reason,
        });
        deps.audit.record({
          action: 'goal.pause',
          actor: 'governor',
          target: outcome.goal_id,
          detail: { reason: outcome.reason },
          goal_id: outcome.goal_id,
        });
        return;
      case 'skip':
        return;
    }
  }

  private async execute(claim: Claim): Promise<void> {
    const stop = new AbortController();
    this.running.set(claim.run_id, stop);
    let extended = Date.now();
    const heartbeat = setInterval(() => {
      // Unable to extend for most of a lease (the database is away): stop before the sweep of
      // another replica may hand the task to someone else, so two attempts never overlap.
      if (Date.now() - extended > goalsTiming.leaseMs * 0.8) {
        stop.abort('lease_lost' satisfies StopReason);
        return;
      }
      extendLease(this.deps.db, claim).then(
        (ours) => {
          if (ours) extended = Date.now();
          else stop.abort('lease_lost' satisfies StopReason);
        },
        (error) => this.deps.log.warn({ err: error, task_id: claim.task_id }, 'heartbeat failed'),
      );
    }, goalsTiming.heartbeatMs);
    const counted = this.deps.work.acquire();
    try {
      const outcome = await goalTaskSpan(claim, () => this.attempt(claim, stop.signal));
      if (outcome) this.announce(outcome);
    } catch (error) {
      this.deps.log.error({ err: error, task_id: claim.task_id }, 'goal task outcome not recorded');
    } finally {
      clearInterval(heartbeat);
      this.running.delete(claim.run_id);
      counted.release();
    }
  }

  /** One attempt through the runtime; the outcome to announce, or null when it was not ours. */
  private async attempt(claim: Claim, stopped: AbortSignal): Promise<Outcome | null> {
    const { deps } = this;
    const timeout = AbortSignal.timeout(deps.taskTimeoutMs);
    deps.events.emit('task-start', {
      goal_id: claim.goal_id,
      task_id: claim.task_id,
      title: claim.title,
      attempt: claim.attempt,
    });
    let requestId: string | null = null;
    try {
      const request = await taskRequest(deps.db, claim);
      const chatId = `goal:${claim.goal_id}`;
      // The runtime announces its request id synchronously as it starts; a failed attempt
      // returns none, and its trace is still worth linking from the run log.
      const stopListening = deps.events.subscribe((event) => {
        if (requestId !== null || event.name !== 'request-start') return;
        const start = event.data as RuntimeEventMap['request-start'];
        if (start.chat_id === chatId) requestId = start.request_id;
      });
      let pending: Promise<ChatResult>;
      try {
        pending = deps.runtime.handle({
          text: request.text,
          chatId,
          actor: 'agent',
          goalId: claim.goal_id,
          instructions: request.instructions,
          taintedBy: request.taintedBy,
          signal: AbortSignal.any([stopped, timeout]),
        });
      } finally {
        stopListening();
      }
      const result = await pending;
      requestId = result.request_id;
      if (result.reply === MODEL_UNCONFIGURED_REPLY)
        throw new Error('model_unconfigured: no language model is configured for goal tasks');
      return await recordSuccess(deps.db, deps.jobs, claim, {
        text: redactText(result.reply).slice(0, RESULT_MAX),
        taintedBy: result.tainted_by,
        requestId,
        tokens: await this.tokensOf(requestId),
      });
    } catch (error) {
      const facts = { requestId, tokens: requestId ? await this.tokensOf(requestId) : 0 };
      if (stopped.aborted && stopped.reason === 'lease_lost') {
        deps.log.warn({ task_id: claim.task_id }, 'lease lost; another worker has the task');
        return null;
      }
      if (stopped.aborted) return recordInterrupted(deps.db, deps.jobs, claim, facts);
      const message = timeout.aborted
        ? `timeout after ${Math.round(deps.taskTimeoutMs / 1000)}s`
        : redactText(error instanceof Error ? error.message : String(error)).slice(0, 1_000);
      const maxAttempts = await deps.configuration.parameter('task_max_attempts');
      return recordFailure(
        deps.db,
        deps.jobs,
        claim,
        { status: 'failed', error: message, ...facts },
        maxAttempts,
      );
    }
  }

  private async tokensOf(requestId: string): Promise<number> {
    const trace = await this.deps.traces.get(requestId).catch(() => null);
    return trace?.tokens.total ?? 0;
  }

  announce(outcome: Outcome): void {
    this.deps.events.emit('task-finish', outcome.taskFinish);
    if (outcome.goalChange) this.deps.events.emit('goal-change', outcome.goalChange);
    if (outcome.queued) this.wake();
  }
}
