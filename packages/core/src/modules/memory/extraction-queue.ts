import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import { BATCH_TURNS, type ExtractionOutcome, type MemoryExtractor } from './memory-extractor.js';

export const EXTRACT_QUEUE = 'memory_extract';

/** A job extracts one observation, or the turns of a chat waiting when it runs. */
type ExtractJob = { observation_id: string } | { chat_id: string };

/**
 * How long before its job falls due a chat turn still rides on it. The job cannot start before
 * it is due (the database counts the same wait from the moment it stores the job, a little
 * after it is noted here), and the turn is stored before it asks.
 */
const RIDE_MARGIN_MS = 1_000;

/** A wake-up comes this long after the job's due time, so that the database sees it due too. */
const WAKE_AFTER_DUE_MS = 500;

const RETRIES = { retryLimit: 3, retryDelay: 30, retryBackoff: true } as const;

/**
 * Extraction runs on the durable job queue, never in the request: a job is sent after the
 * reply, taken by one worker of any replica, and retried with backoff when the model fails (the
 * observation shows `failed` with the reason in between).
 *
 * A chat's turns share one job: the first turn queues it to run once the conversation has paused
 * (`delaySeconds`), the turns that follow before it falls due ride on it, and it extracts all of
 * them, BATCH_TURNS per model call. One job per stretch of conversation, not one per turn: each
 * job costs the database a send, a fetch and a completion.
 */
export class ExtractionQueue {
  private started = false;
  private workerId: string | null = null;
  private readonly running = new Set<Promise<unknown>>();
  /** Chats with a job this replica queued, and when it falls due (ms). */
  private readonly chatJobsDue = new Map<string, number>();
  /** Wake-ups of this replica's worker for its jobs falling due. */
  private readonly wakeUps = new Set<NodeJS.Timeout>();

  constructor(
    private readonly jobs: PgBoss,
    private readonly extractor: MemoryExtractor,
    private readonly options: { pollingSeconds: number; log: FastifyBaseLogger },
  ) {}

  async start(): Promise<void> {
    await this.jobs.createQueue(EXTRACT_QUEUE);
    this.workerId = await this.jobs.work<ExtractJob>(
      EXTRACT_QUEUE,
      { batchSize: 1, pollingIntervalSeconds: this.options.pollingSeconds },
      async ([job]) => {
        if (!job) return;
        const run = this.run(job.data);
        this.running.add(run);
        try {
          await run;
        } finally {
          this.running.delete(run);
        }
      },
    );
    this.started = true;
  }

  /** One observation's extraction, after `delaySeconds`. */
  async send(observationId: string, delaySeconds = 0): Promise<void> {
    await this.queue({ observation_id: observationId }, delaySeconds);
  }

  /** A chat turn's extraction: with the chat's job if one is queued and not yet due, else a new one. */
  async sendChatTurn(chatId: string, delaySeconds = 0): Promise<void> {
    const due = this.chatJobsDue.get(chatId);
    if (due !== undefined && Date.now() < due - RIDE_MARGIN_MS) return;
    const dueAt = Date.now() + delaySeconds * 1000;
    this.chatJobsDue.set(chatId, dueAt);
    this.forgetPastDue();
    try {
      await this.queue({ chat_id: chatId }, delaySeconds);
    } catch (error) {
      if (this.chatJobsDue.get(chatId) === dueAt) this.chatJobsDue.delete(chatId);
      throw error;
    }
  }

  /** After a reset dropped the queue's jobs: the next turn of every chat queues its own. */
  forgetQueuedChats(): void {
    this.chatJobsDue.clear();
  }

  async stop(): Promise<void> {
    for (const timer of this.wakeUps) clearTimeout(timer);
    this.wakeUps.clear();
    if (this.started) await this.jobs.offWork(EXTRACT_QUEUE).catch(() => {});
    await Promise.allSettled([...this.running]);
  }

  private async run(job: ExtractJob): Promise<void> {
    const log = (outcome: ExtractionOutcome) =>
      this.options.log.debug({ job, outcome }, 'extracted');
    if ('observation_id' in job) return log(await this.extractor.extract(job.observation_id));
    // The turns of the chat, a batch at a time, until a batch comes back short.
    for (;;) {
      const outcome = await this.extractor.extractChat(job.chat_id);
      log(outcome);
      if (outcome.turns < BATCH_TURNS) return;
    }
  }

  private async queue(data: ExtractJob, delaySeconds: number): Promise<void> {
    await this.jobs.send(EXTRACT_QUEUE, data, {
      ...RETRIES,
      ...(delaySeconds > 0 ? { startAfter: delaySeconds } : {}),
    });
    // This replica's worker takes the job when it falls due (a job due now at once, in the pause
    // after the reply), rather than at its next poll.
    if (delaySeconds === 0) this.wake();
    else {
      const timer = setTimeout(
        () => {
          this.wakeUps.delete(timer);
          this.wake();
        },
        delaySeconds * 1000 + WAKE_AFTER_DUE_MS,
      );
      timer.unref();
      this.wakeUps.add(timer);
    }
  }

  private wake(): void {
    if (this.workerId) this.jobs.notifyWorker(this.workerId);
  }

  /** Entries of jobs already due carry nothing: dropped so that the map stays the size of the chats talking now. */
  private forgetPastDue(): void {
    if (this.chatJobsDue.size < 64) return;
    const now = Date.now();
    for (const [chat, due] of this.chatJobsDue) if (due < now) this.chatJobsDue.delete(chat);
  }
}
