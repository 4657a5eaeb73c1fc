import { randomBytes } from 'node:crypto';
import { close, closeSync, fdatasync, futimes, openSync, write } from 'node:fs';
import { mkdir, readdir, readFile, rename, stat, unlink, utimes } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

const ROTATE_AT_BYTES = 1 << 20;
const MAX_BACKOFF_MS = 30_000;
/** A live writer touches its journal file this often, idle or not; others then leave it be. */
const HEARTBEAT_MS = 5_000;
/** A journal of another replica untouched for this long was left by a process that died. */
const ABANDONED_MS = 30_000;

export interface WriteBehindOptions<T> {
  /** Names the writer in logs ("audit", "exchange"). */
  name: string;
  /**
   * Folder of the crash journal. Replicas may share it (one volume): each names its files after
   * `owner`, replays its own at open, and replays another's once it is abandoned (see below).
   */
  journalDir: string;
  /** The replica this writer belongs to (REPLICA_ID); one name for every writer unless set. */
  owner?: string;
  /** One journal line, parsed: null for anything that is not a whole row (a torn last line). */
  parse(value: unknown): T | null;
  /**
   * Stores a batch; must be idempotent, since a replay may repeat rows already stored.
   * `replayed` is true for rows of a journal an earlier run left.
   */
  apply(batch: T[], replayed: boolean): Promise<void>;
  logger: FastifyBaseLogger;
  flushIntervalMs?: number;
  batchSize?: number;
  /**
   * fdatasync each group of journal writes before `journaled()` resolves, so a row survives a
   * power cut as well as a killed process (one sync serves every row appended meanwhile).
   */
  sync?: boolean;
  /**
   * The scope a row belongs to (a chat), so that a read of one scope waits only for that
   * scope's pending rows (PendingWrites.settle with a scope); without it, every read waits.
   */
  scopeOf?(row: T): string | null;
}

interface Waiter {
  seq: number;
  resolve(): void;
  reject(error: Error): void;
}

/**
 * Durable writes off the request path: each row is appended to a local journal file, then
 * buffered and stored in batches (retrying with backoff while the database is away), and the
 * buffer is flushed on close. A journal left by a crash is replayed at the next open, before the
 * caller serves anything; a journal another replica left on a shared folder and stopped touching
 * (it was killed for good) is taken over by a live replica within ABANDONED_MS + HEARTBEAT_MS. Journal writes are grouped: rows appended while a write is under way
 * go out together in the next one.
 */
export class WriteBehind<T> {
  private buffer: T[] = [];
  private fd = -1;
  private journalFile = '';
  private journalBytes = 0;
  private queued: string[] = [];
  private appended = 0;
  private written = 0;
  private writing = false;
  private waiters: Waiter[] = [];
  private draining: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private failures = 0;
  private readonly owner: string;
  /** Files of stopped replicas this one renamed into its name and has yet to store. */
  private readonly takenOver = new Set<string>();
  private sweeping = false;
  private readonly flushIntervalMs: number;
  private readonly batchSize: number;

  private constructor(private readonly options: WriteBehindOptions<T>) {
    this.flushIntervalMs = options.flushIntervalMs ?? 50;
    this.batchSize = options.batchSize ?? 500;
    this.owner = options.owner ?? 'local';
  }

  static async open<T>(options: WriteBehindOptions<T>): Promise<WriteBehind<T>> {
    const writer = new WriteBehind(options);
    await mkdir(options.journalDir, { recursive: true });
    await writer.replayLeftJournals();
    writer.openJournal();
    writer.beat();
    return writer;
  }

  /** Journals and buffers one row; never waits. `journaled()` tells when the line is on disk. */
  append(row: T): void {
    const line = `${JSON.stringify(row)}\n`;
    this.queued.push(line);
    this.journalBytes += line.length;
    this.appended += 1;
    this.buffer.push(row);
    this.writeQueued();
    this.schedule(this.buffer.length >= this.batchSize ? 0 : this.flushIntervalMs);
  }

  /** Resolves once every row appended before the call is in the journal file (synced if `sync`). */
  journaled(): Promise<void> {
    if (this.written >= this.appended) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.waiters.push({ seq: this.appended, resolve, reject });
    });
  }

  /** Rows appended but not yet stored. */
  get pending(): number {
    return this.buffer.length;
  }

  /**
   * Whether a row not yet stored (buffered, or in the batch being stored) belongs to `scope`;
   * true for every scope when rows have none.
   */
  holdsFor(scope: string): boolean {
    const { scopeOf } = this.options;
    return scopeOf ? this.buffer.some((row) => scopeOf(row) === scope) : this.buffer.length > 0;
  }

  /** Resolves when every row appended before the call is stored; rejects if the store is away. */
  flush(): Promise<void> {
    this.draining ??= this.drain().finally(() => {
      this.draining = null;
    });
    return this.draining;
  }

  /**
   * Drops the rows `unwanted` picks, from the buffer and from disk: the journal goes on in a new
   * file holding only the rows kept, and the old file is deleted. Waits for the batch being
   * stored and the journal write under way, so no row is dropped while they hold it.
   */
  async discard(unwanted: (row: T) => boolean): Promise<number> {
    while (this.draining || this.writing) {
      await this.draining?.catch(() => {});
      if (this.writing) await this.journaled().catch(() => {});
    }
    const kept = this.buffer.filter((row) => !unwanted(row));
    const dropped = this.buffer.length - kept.length;
    this.buffer = kept;
    const oldFd = this.fd;
    const oldFile = this.journalFile;
    this.openJournal();
    // Lines queued but not yet written are rewritten from the rows kept, with the rest.
    this.queued = kept.map((row) => `${JSON.stringify(row)}\n`);
    this.journalBytes = this.queued.reduce((sum, line) => sum + line.length, 0);
    this.writeQueued();
    await this.journaled();
    closeSync(oldFd);
    await unlink(oldFile).catch(() => {});
    return dropped;
  }

  /** Stores what it can (retrying for up to `timeoutMs`); rows not stored stay in the journal. */
  async close(timeoutMs = 10_000): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    const deadline = Date.now() + timeoutMs;
    while (this.buffer.length > 0 && Date.now() < deadline) {
      try {
        await this.flush();
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
    await this.journaled().catch(() => {});
    const emptied = this.buffer.length === 0;
    closeSync(this.fd);
    if (emptied) await unlink(this.journalFile).catch(() => {});
    else
      this.options.logger.error(
        { pending: this.buffer.length },
        `${this.options.name} rows left in the journal for the next start`,
      );
  }

  private writeQueued(): void {
    if (this.writing || this.queued.length === 0) return;
    this.writing = true;
    const data = this.queued.join('');
    const upTo = this.appended;
    this.queued = [];
    const done = (error: Error | null) => {
      this.writing = false;
      const settled = this.waiters.filter((waiter) => waiter.seq <= upTo);
      this.waiters = this.waiters.filter((waiter) => waiter.seq > upTo);
      if (error) {
        this.options.logger.error({ err: error }, `${this.options.name} journal write failed`);
        for (const waiter of settled) waiter.reject(error);
      } else {
        this.written = upTo;
        for (const waiter of settled) waiter.resolve();
      }
      this.writeQueued();
    };
    write(this.fd, data, null, 'utf8', (error) => {
      if (error || !this.options.sync) done(error);
      else fdatasync(this.fd, done);
    });
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
        await this.options.apply(batch, false);
      } catch (error) {
        this.failures += 1;
        if (this.failures === 1 || this.failures % 20 === 0) {
          this.options.logger.warn(
            { err: error, pending: this.buffer.length },
            `${this.options.name} rows not yet stored; retrying`,
          );
        }
        throw error;
      }
      if (this.failures > 0) this.options.logger.info(`${this.options.name} writes recovered`);
      this.failures = 0;
      this.buffer.splice(0, batch.length);
    }
    // Every row of the current file is stored (and none is waiting to be written), so it can go.
    if (this.journalBytes > ROTATE_AT_BYTES && !this.writing && this.queued.length === 0) {
      const oldFd = this.fd;
      const oldFile = this.journalFile;
      this.openJournal();
      close(oldFd, () => void unlink(oldFile).catch(() => {}));
    }
  }

  /**
   * Touches the journal file while this writer lives (so no other replica takes it), and takes
   * over journals other replicas abandoned: a replica killed for good leaves no row unstored.
   */
  private beat(): void {
    this.heartbeat = setInterval(() => {
      const now = new Date();
      futimes(this.fd, now, now, () => {});
      this.replayAbandoned().catch((error) =>
        this.options.logger.warn({ err: error }, `${this.options.name} journal takeover failed`),
      );
    }, HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  private openJournal(): void {
    this.journalFile = path.join(
      this.options.journalDir,
      `${Date.now()}-${process.pid}-${randomBytes(4).toString('hex')}@${this.owner}.ndjson`,
    );
    this.journalBytes = 0;
    this.fd = openSync(this.journalFile, 'a', 0o600);
  }

  /** Whose a journal file is: its owner's name, or null for files named before replicas were. */
  private static ownerOf(file: string): string | null {
    const at = file.lastIndexOf('@');
    return at < 0 ? null : file.slice(at + 1, -'.ndjson'.length);
  }

  /** At open: this replica's own files (its earlier run is over) and every abandoned one. */
  private async replayLeftJournals(): Promise<void> {
    for (const file of await this.journalFiles()) {
      const owner = WriteBehind.ownerOf(file);
      if (owner === null || owner === this.owner) await this.replayFile(file);
    }
    await this.replayAbandoned();
  }

  private async journalFiles(): Promise<string[]> {
    return (await readdir(this.options.journalDir)).filter((f) => f.endsWith('.ndjson')).sort();
  }

  /**
   * Replays the files of other replicas untouched for ABANDONED_MS. Each is first renamed into
   * this replica's name (only one replica's rename succeeds) and touched, so no other takes it
   * meanwhile, and this replica's next start replays it should this one die mid-way.
   */
  private async replayAbandoned(): Promise<void> {
    if (this.sweeping) return;
    this.sweeping = true;
    try {
      // Taken over earlier but not stored (the database was away): this replica tries again.
      for (const file of [...this.takenOver]) {
        await this.replayFile(file);
        this.takenOver.delete(file);
      }
      await this.takeOverAbandoned();
    } finally {
      this.sweeping = false;
    }
  }

  private async takeOverAbandoned(): Promise<void> {
    for (const file of await this.journalFiles()) {
      const owner = WriteBehind.ownerOf(file);
      if (owner === null || owner === this.owner) continue;
      const full = path.join(this.options.journalDir, file);
      const touched = await stat(full).then(
        (found) => found.mtimeMs,
        () => null,
      );
      if (touched === null || Date.now() - touched < ABANDONED_MS) continue;
      const taken = `${file.slice(0, file.lastIndexOf('@'))}@${this.owner}.ndjson`;
      const claimed = path.join(this.options.journalDir, taken);
      const won = await rename(full, claimed).then(
        () => true,
        () => false,
      );
      if (!won) continue;
      const now = new Date();
      await utimes(claimed, now, now);
      this.options.logger.warn(
        { file, owner },
        `taking over the ${this.options.name} journal of a stopped replica`,
      );
      this.takenOver.add(taken);
      await this.replayFile(taken);
      this.takenOver.delete(taken);
    }
  }

  private async replayFile(file: string): Promise<void> {
    const full = path.join(this.options.journalDir, file);
    const rows: T[] = [];
    for (const text of (await readFile(full, 'utf8')).split('\n')) {
      if (!text.trim()) continue;
      try {
        const row = this.options.parse(JSON.parse(text));
        if (row) rows.push(row);
      } catch {
        // A line torn by the crash: its journaled() never resolved, so nobody was told it was kept.
      }
    }
    for (let i = 0; i < rows.length; i += this.batchSize) {
      await this.options.apply(rows.slice(i, i + this.batchSize), true);
    }
    await unlink(full);
    if (rows.length > 0)
      this.options.logger.warn(
        { file, rows: rows.length },
        `replayed ${this.options.name} journal left by an earlier run`,
      );
  }
}
