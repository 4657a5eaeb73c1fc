import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { MemoryExtractor } from './memory-extractor.js';

export const EXTRACT_QUEUE = 'memory_extract';

/**
 * Extraction runs on the durable job queue, never in the request: an observation's job is sent
 * after the reply, taken by one worker of any replica, and retried with backoff when the model
 * fails (the observation shows `failed` with the reason in between).
 */
export class ExtractionQueue {
  private started = false;
  private workerId: string | null = null;
  private readonly running = new Set<Promise<unknown>>();

  constructor(
    private readonly jobs: PgBoss,
    private readonly extractor: MemoryExtractor,
    private readonly options: { pollingSeconds: number; log: FastifyBaseLogger },
  ) {}

  async start(): Promise<void> {
    await this.jobs.createQueue(EXTRACT_QUEUE);
    this.workerId = await this.jobs.work<{ observation_id: string }>(
      EXTRACT_QUEUE,
      { batchSize: 1, pollingIntervalSeconds: this.options.pollingSeconds },
      async ([job]) => {
        if (!job) return;
        const run = this.extractor.extract(job.data.observation_id);
        this.running.add(run);
        try {
          const outcome = await run;
          this.options.log.debug({ observation_id: job.data.observation_id, outcome }, 'extracted');
        } finally {
          this.running.delete(run);
        }
      },
    );
    this.started = true;
  }

  /**
   * `delaySeconds`: a chat turn waits while the conversation goes on, so that one job takes the
   * turns that came meanwhile with it (the others' jobs then find nothing left to do).
   */
  async send(observationId: string, delaySeconds = 0): Promise<void> {
    await this.jobs.send(
      EXTRACT_QUEUE,
      { observation_id: observationId },
      {
        retryLimit: 3,
        retryDelay: 30,
        retryBackoff: true,
        ...(delaySeconds > 0 ? { startAfter: delaySeconds } : {}),
      },
    );
    // This replica's worker takes it now, in the pause after the reply, rather than at its next
    // poll: on the embedded database a poll-time extraction shares the thread with whatever
    // request comes then.
    if (this.workerId) this.jobs.notifyWorker(this.workerId);
  }

  async stop(): Promise<void> {
    if (this.started) await this.jobs.offWork(EXTRACT_QUEUE).catch(() => {});
    await Promise.allSettled([...this.running]);
  }
}
