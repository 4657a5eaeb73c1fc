import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Tables of prime.md and its history. Each save is a new row; `version` is the primary key, so
 * two operators saving on the same base version cannot both win (the second gets a conflict).
 * Not a cognitive table: a Panic Reset leaves it alone.
 */
export const configurationMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('prime_versions')
      .addColumn('version', 'integer', (c) => c.primaryKey().check(sql`version >= 1`))
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('note', 'text')
      .addColumn('restored_from', 'integer')
      .execute();
  },
};
