import { type Kysely, type Migration, sql } from 'kysely';

/**
 * The reset fence: one row counting the Panic Resets that wiped the cognitive tables. Every
 * record a writer holds back (a journal line, a buffered batch) carries the epoch it was made
 * in, and is stored only while the fence still reads that epoch, so nothing made before a
 * wipe lands after it, whatever crashed when. It starts at the number of resets already run.
 */
export const resetFenceMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('reset_fence')
      .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
      .addColumn('epoch', 'bigint', (c) => c.notNull().defaultTo(0))
      // When the last wipe committed: records written before the fence existed are judged by it.
      .addColumn('fenced_at', 'timestamptz')
      .execute();
    await sql`insert into reset_fence (id, epoch, fenced_at)
      select 1, count(*), max(started_at) from reset_runs where step >= 1`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('reset_fence').execute();
  },
};
