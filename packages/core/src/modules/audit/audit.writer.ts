import { randomBytes } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, readdir, readFile, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import { redactText, redactValue } from '../../security/redact.js';
import type { AuditRepository, AuditRowInput } from './audit.repository.js';
import type { AuditEntryInput } from './audit.schema.js';

const ROTATE_AT_BYTES = 1 << 20;
const MAX_BACKOFF_MS = 30_000;

/** A journal line; anything else (a torn last line after a crash) is skipped on replay. */
const journalLine = z.object({
  id: z.string().min(1),
  ts: z.string().min(1),
  action: z.string().min(1),
  actor: z.string(),
  target: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
  exit_code: z.number().int().nullable(),
  error: z.string().nullable(),
  goal_id: z.string().nullable(),
  request_id: z.string().nullable(),
});

export interface AuditWriterOptions {
  repository: AuditRepository;
  /** Folder of the crash journal (DATA_DIR/audit-journal). */
  journalDir: string;
  logger: FastifyBaseLogger;
  flushIntervalMs?: number;
  batchSize?: number;
}

/**
 * Writes audit rows without ever blocking or failing its caller, and without losing a row:
 * each row is appended to a local journal before it is buffered; buffered rows are inserted in
 * batches (retrying with backoff while the database is away) and flushed on shutdown. A journal
 * left by a crash is replayed at the next start (inserts are idempotent by row id).
 */
export class AuditWriter {
  private buffer: AuditRowInput[] = [];
  private journal!: WriteStream;
  private journalFile = '';
  private journalBytes = 0;
  private draining: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private failures = 0;
  private readonly flushIntervalMs: number;
  private readonly batchSize: number;

  private constructor(private readonly options: AuditWriterOptions) {
    this.flushIntervalMs = options.flushIntervalMs ?? 50;
    this.batchSize = options.batchSize ?? 500;
  }

  static async open(options: AuditWriterOptions): Promise<AuditWriter> {
    const writer = new AuditWriter(options);
    await mkdir(options.journalDir, { recursive: true });
    await writer.replayLeftJournals();
    writer.openJournal();
    return writer;
  }

  /** Records one row and returns its id at once; the database write happens later. */
  record(input: AuditEntryInput): string {
    const row: AuditRowInput = {
      id: uuidv7(),
      action: input.action,
      actor: input.actor,
      target: input.target ? redactText(input.target) : null,
      detail: redactValue(input.detail ?? {}),
      exit_code: input.exit_code ?? null,
      error: input.error ? redactText(input.error) : null,
      goal_id: input.goal_id ?? null,
      request_id: input.request_id ?? null,
    };
    const line = `${JSON.stringify({ ...row, ts: new Date().toISOString() })}\n`;
    this.journalBytes += line.length;
    this.journal.write(line);
    this.buffer.push(row);
    this.schedule(this.buffer.length >= this.batchSize ? 0 : this.flushIntervalMs);
    return row.id;
  }

  /** Rows recorded but not yet in the database. */
  get pending(): number {
    return this.buffer.length;
  }

  /** Resolves when every row recorded before the call is in the database; rejects if it is unreachable. */
  flush(): Promise<void> {
    this.draining ??= this.drain().finally(() => {
      this.draining = null;
    });
    return this.draining;
  }

  /** Flushes what it can (retrying for up to `timeoutMs`); unflushed rows stay in the journal. */
  async close(timeoutMs = 10_000): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const deadline = Date.now() + timeoutMs;
    while (this.buffer.length > 0 && Date.now() < deadline) {
      try {
        await this.flush();
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
    const emptied = this.buffer.length === 0;
    await new Promise<void>((resolve) => this.journal.end(resolve));
    if (emptied) await unlink(this.journalFile).catch(() => {});
    else
      this.options.logger.error(
        { pending: this.buffer.length },
        'audit rows left in the journal for the next start',
      );
  }

  private schedule(delayMs: number): void {
    if (this.timer && delayMs > 0) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.flush().catch(() => this.schedule(Math.min(MAX_BACKOFF_MS, 250 * 2 ** this.failures)));
    }, delayMs);
    this.timer.unref();
  }

  private async drain(): Promise<void> {
    while (this.buffer.length > 0) {
      const batch = this.buffer.slice(0, this.batchSize);
      try {
        await this.options.repository.insertMany(batch);
      } catch (error) {
        this.failures += 1;
        if (this.failures === 1 || this.failures % 20 === 0) {
          this.options.logger.warn(
            { err: error, pending: this.buffer.length },
            'audit rows not yet stored; retrying',
          );
        }
        throw error;
      }
      if (this.failures > 0) this.options.logger.info('audit writes recovered');
      this.failures = 0;
      this.buffer.splice(0, batch.length);
    }
    if (this.journalBytes > ROTATE_AT_BYTES) this.rotateJournal();
  }

  private openJournal(): void {
    this.journalFile = path.join(
      this.options.journalDir,
      `${Date.now()}-${process.pid}-${randomBytes(4).toString('hex')}.ndjson`,
    );
    this.journalBytes = 0;
    this.journal = createWriteStream(this.journalFile, { flags: 'a', mode: 0o600 });
    this.journal.on('error', (error) =>
      this.options.logger.error({ err: error }, 'audit journal write failed'),
    );
  }

  /** Every row in the current journal is stored, so it can go. */
  private rotateJournal(): void {
    const old = this.journal;
    const oldFile = this.journalFile;
    this.openJournal();
    old.end(() => void unlink(oldFile).catch(() => {}));
  }

  private async replayLeftJournals(): Promise<void> {
    const files = (await readdir(this.options.journalDir))
      .filter((f) => f.endsWith('.ndjson'))
      .sort();
    for (const file of files) {
      const full = path.join(this.options.journalDir, file);
      const rows: AuditRowInput[] = [];
      for (const text of (await readFile(full, 'utf8')).split('\n')) {
        if (!text.trim()) continue;
        try {
          const parsed = journalLine.safeParse(JSON.parse(text));
          if (parsed.success) rows.push(parsed.data);
        } catch {
          // A line torn by the crash: nothing of it reached the caller's view either.
        }
      }
      for (let i = 0; i < rows.length; i += this.batchSize) {
        await this.options.repository.insertMany(rows.slice(i, i + this.batchSize));
      }
      await unlink(full);
      if (rows.length > 0)
        this.options.logger.warn(
          { file, rows: rows.length },
          'replayed audit journal left by an earlier run',
        );
    }
  }
}
