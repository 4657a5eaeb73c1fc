import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestSqlStore, type TestSqlStore } from '../../testing/services.js';
import { AuditRepository, type AuditRowInput } from './audit.repository.js';
import { AuditWriter } from './audit.writer.js';

const silent = pino({ level: 'silent' });

/** A repository whose database "goes away" while `down` is true. */
class OutageRepository extends AuditRepository {
  down = false;
  attempts = 0;
  override async insertMany(rows: AuditRowInput[]) {
    this.attempts += 1;
    if (this.down) throw new Error('connection refused');
    return super.insertMany(rows);
  }
}

describe('audit writer', () => {
  let sql: TestSqlStore;
  const count = async (action: string) =>
    Number(
      (
        await sql.db
          .selectFrom('audit_log')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('action', '=', action)
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    sql = await openTestSqlStore('pglite');
  });
  afterAll(() => sql.destroy());

  it('returns at once and stores every row once the database is back', async () => {
    const repository = new OutageRepository(sql.db);
    const journalDir = await mkdtemp(path.join(tmpdir(), 'audit-journal-'));
    const writer = await AuditWriter.open({
      repository,
      journalDir,
      logger: silent,
      flushIntervalMs: 10,
    });
    repository.down = true;
    const started = performance.now();
    for (let i = 0; i < 200; i++)
      writer.record({ action: 'outage.row', actor: 'test', detail: { i } });
    // Recording never waits on the database.
    expect(performance.now() - started).toBeLessThan(200);
    await expect(writer.flush()).rejects.toThrow('connection refused');
    expect(writer.pending).toBe(200);
    repository.down = false;
    await expect.poll(() => writer.pending, { timeout: 5_000 }).toBe(0);
    expect(await count('outage.row')).toBe(200);
    await writer.close();
  });

  it('flushes everything on close', async () => {
    const writer = await AuditWriter.open({
      repository: new AuditRepository(sql.db),
      journalDir: await mkdtemp(path.join(tmpdir(), 'audit-journal-')),
      logger: silent,
      flushIntervalMs: 60_000,
    });
    for (let i = 0; i < 150; i++) writer.record({ action: 'close.row', actor: 'test' });
    await writer.close();
    expect(await count('close.row')).toBe(150);
  });

  it('replays the journal of a run that died before its rows were stored', async () => {
    const journalDir = await mkdtemp(path.join(tmpdir(), 'audit-journal-'));
    const dead = new OutageRepository(sql.db);
    dead.down = true;
    const crashed = await AuditWriter.open({
      repository: dead,
      journalDir,
      logger: silent,
      flushIntervalMs: 60_000,
    });
    const ids = Array.from({ length: 40 }, (_, i) =>
      crashed.record({ action: 'crash.row', actor: 'test', detail: { i } }),
    );
    // Let the journal stream reach the file, then abandon the writer as a killed process would.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await count('crash.row')).toBe(0);

    const next = await AuditWriter.open({
      repository: new AuditRepository(sql.db),
      journalDir,
      logger: silent,
    });
    expect(await count('crash.row')).toBe(40);
    const stored = await sql.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'crash.row')
      .execute();
    expect(stored.map((r) => r.id).sort()).toEqual([...ids].sort());
    // Replaying again (another restart) adds nothing: inserts are idempotent by id.
    await next.close();
    const again = await AuditWriter.open({
      repository: new AuditRepository(sql.db),
      journalDir,
      logger: silent,
    });
    await again.close();
    expect(await count('crash.row')).toBe(40);
    expect((await readdir(journalDir)).filter((f) => f.endsWith('.ndjson'))).toEqual([]);
  });
});
