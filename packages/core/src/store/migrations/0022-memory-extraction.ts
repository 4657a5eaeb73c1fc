import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Memory in use: each trace names the memory items its model context carried, so the operator
 * can see why the agent said what it said, and that a retracted item is no longer used.
 */
export const memoryExtractionMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('traces')
      .addColumn('memory_items', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('traces').dropColumn('memory_items').execute();
  },
};
