import type { FastifyBaseLogger } from 'fastify';
import { ConflictError } from '../../errors/app-error.js';
import type { SqlStore } from '../../store/db.js';
import {
  cognitiveRowCounts,
  RESET_STEPS,
  ResetEngine,
  type ResetProgress,
  STEP_DESCRIPTIONS,
} from './reset-engine.js';
import type { ResetFence } from './reset-fence.js';
import type { ResetGate } from './reset-gate.js';
import type { ResetJournal, ResetRun } from './reset-journal.js';
import {
  COGNITIVE_JOB_QUEUES,
  COGNITIVE_KV_PATTERNS,
  COGNITIVE_QUEUES,
  COGNITIVE_TABLES,
  HELD_RECORDS,
  RESET_TABLES,
  SURVIVING_FILES,
  SURVIVING_JOB_QUEUES,
  SURVIVING_KV,
  SURVIVING_TABLES,
} from './reset-scope.js';

export const CONFIRM_PHRASE = 'RESET AGENT';

/** A reset in progress on this process: its events so far, replayed to late listeners. */
class ActiveReset {
  readonly history: ResetProgress[] = [];
  private readonly listeners = new Set<(progress: ResetProgress) => void>();
  finished = false;

  constructor(readonly run: ResetRun) {}

  emit(progress: ResetProgress): void {
    this.history.push(progress);
    if (progress.type === 'done') this.finished = true;
    for (const listener of this.listeners) listener(progress);
  }

  /** Replays what happened so far, then follows; returns the unsubscribe. */
  subscribe(listener: (progress: ResetProgress) => void): () => void {
    for (const progress of this.history) listener(progress);
    if (!this.finished) this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

export interface ResetServiceDependencies {
  sql: SqlStore;
  engine: ResetEngine;
  journal: ResetJournal;
  gate: ResetGate;
  fence: ResetFence;
  log: FastifyBaseLogger;
}

/** Starts, follows and resumes Panic Resets; one at a time across replicas. */
export class ResetService {
  private current: ActiveReset | null = null;

  constructor(private readonly deps: ResetServiceDependencies) {}

  get running(): boolean {
    return this.current !== null;
  }

  async plan() {
    const counts = await cognitiveRowCounts(this.deps.sql.db);
    const latest = await this.deps.journal.latest();
    await this.deps.fence.refresh();
    return {
      phrase: CONFIRM_PHRASE,
      running: latest?.status === 'running',
      steps: RESET_STEPS.map((name, index) => ({
        step: index + 1,
        name,
        description: STEP_DESCRIPTIONS[name],
      })),
      tables: COGNITIVE_TABLES.map((name) => ({
        name,
        rows: counts[name] ?? 0,
      })),
      kv_patterns: [...COGNITIVE_KV_PATTERNS],
      queues: [...COGNITIVE_QUEUES],
      job_queues: [...COGNITIVE_JOB_QUEUES],
      held_records: HELD_RECORDS,
      epoch: this.deps.fence.epoch,
      reset: Object.entries(RESET_TABLES).map(([name, what]) => ({ name, what })),
      survives: {
        tables: Object.entries(SURVIVING_TABLES).map(([name, what]) => ({ name, what })),
        kv: Object.entries(SURVIVING_KV).map(([pattern, what]) => ({ pattern, what })),
        files: Object.entries(SURVIVING_FILES).map(([path, what]) => ({ path, what })),
        job_queues: Object.entries(SURVIVING_JOB_QUEUES).map(([name, what]) => ({ name, what })),
      },
      last_run: latest
        ? {
            run_id: latest.run_id,
            status: latest.status,
            actor: latest.actor,
            started_at: latest.started_at.toISOString(),
            finished_at: latest.finished_at ? new Date(latest.finished_at).toISOString() : null,
            error: latest.error,
          }
        : null,
    };
  }

  /** Opens a run and starts it in the background; 409 when one is running anywhere. */
  async start(actor: string): Promise<ActiveReset> {
    if (this.current) throw runningConflict();
    const run = await this.deps.journal.open(ResetEngine.newRunId(), actor);
    if (!run) throw runningConflict();
    return this.launch(run);
  }

  /**
   * At boot, before listening: finishes a run that a killed process left. Waits while another
   * live process still holds the run (its flag has not expired).
   */
  async resumePending(): Promise<ResetRun | null> {
    let run = await this.deps.journal.running();
    while (run && (await this.deps.gate.heldElsewhere())) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      run = await this.deps.journal.running();
    }
    if (!run) return null;
    this.deps.log.warn({ run_id: run.run_id, step: run.step }, 'resuming an interrupted reset');
    const active = this.launch(run);
    await new Promise<void>((resolve) => active.subscribe((p) => p.type === 'done' && resolve()));
    return run;
  }

  private launch(run: ResetRun): ActiveReset {
    const active = new ActiveReset(run);
    this.current = active;
    const emit = (progress: ResetProgress) => active.emit(progress);
    void (async () => {
      const { gate, engine, log } = this.deps;
      try {
        await gate.enter(run.run_id);
        const summary = await engine.run(run, emit);
        await gate.leave(run.run_id, true);
        log.info({ run_id: run.run_id, duration_ms: summary.duration_ms }, 'panic reset done');
        emit({ type: 'done', ok: true, summary });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        log.error({ err: error, run_id: run.run_id }, 'panic reset failed');
        await gate.leave(run.run_id, false).catch(() => {});
        emit({ type: 'done', ok: false, summary: { run_id: run.run_id, error: message } });
      } finally {
        this.current = null;
      }
    })();
    return active;
  }
}

function runningConflict(): ConflictError {
  return new ConflictError('reset_in_progress', 'A reset is already running');
}
