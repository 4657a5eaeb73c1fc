import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { redactText, redactValue } from '../../security/redact.js';
import { WriteBehind } from '../../store/write-behind.js';
import { uuidv7 } from '../../util/uuid-v7.js';
import type { AuditRepository, AuditRowInput } from './audit.repository.js';
import type { AuditEntryInput } from './audit.schema.js';

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
  /** This replica's name: journals of several replicas may share one folder. */
  owner?: string;
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
  private constructor(private readonly rows: WriteBehind<AuditRowInput>) {}

  static async open(options: AuditWriterOptions): Promise<AuditWriter> {
    const rows = await WriteBehind.open<AuditRowInput>({
      name: 'audit',
      journalDir: options.journalDir,
      ...(options.owner ? { owner: options.owner } : {}),
      parse: (value) => {
        const parsed = journalLine.safeParse(value);
        return parsed.success ? parsed.data : null;
      },
      // Live rows take the database's clock (see "Audit ts is the insert time" in
      // docs/architecture.md); replayed rows keep the time they were recorded.
      apply: (batch, replayed) =>
        options.repository.insertMany(replayed ? batch : batch.map(({ ts: _, ...row }) => row)),
      logger: options.logger,
      ...(options.flushIntervalMs ? { flushIntervalMs: options.flushIntervalMs } : {}),
      ...(options.batchSize ? { batchSize: options.batchSize } : {}),
    });
    return new AuditWriter(rows);
  }

  /** Records one row and returns its id at once; the database write happens later. */
  record(input: AuditEntryInput): string {
    const row: AuditRowInput = {
      id: uuidv7(),
      ts: new Date().toISOString(),
      action: input.action,
      actor: input.actor,
      target: input.target ? redactText(input.target) : null,
      detail: redactValue(input.detail ?? {}),
      exit_code: input.exit_code ?? null,
      error: input.error ? redactText(input.error) : null,
      goal_id: input.goal_id ?? null,
      request_id: input.request_id ?? null,
    };
    this.rows.append(row);
    return row.id;
  }

  /** Rows recorded but not yet in the database. */
  get pending(): number {
    return this.rows.pending;
  }

  /** Resolves when every row recorded before the call is in the database; rejects if it is unreachable. */
  flush(): Promise<void> {
    return this.rows.flush();
  }

  /** Flushes what it can (retrying for up to `timeoutMs`); unflushed rows stay in the journal. */
  close(timeoutMs = 10_000): Promise<void> {
    return this.rows.close(timeoutMs);
  }
}
