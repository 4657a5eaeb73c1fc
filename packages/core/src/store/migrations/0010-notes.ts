import { type Kysely, type Migration, sql } from 'kysely';

/** Tables of notes the agent and the operator keep. */
export const notesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('notes')
      .addColumn('note_id', 'text', (c) => c.primaryKey())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('tags', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
      .addColumn('source', 'text', (c) =>
        c.notNull().check(sql`source in ('operator', 'agent', 'feed')`),
      )
      .addColumn('source_ref', 'text')
      // clock_timestamp(), not now(): notes written in one transaction still order by creation.
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
      .execute();
    // The list pages newest first on (created_at, note_id), optionally within one source.
    await db.schema
      .createIndex('notes_created')
      .on('notes')
      .columns(['created_at desc', 'note_id desc'])
      .execute();
    await db.schema
      .createIndex('notes_source_created')
      .on('notes')
      .columns(['source', 'created_at desc', 'note_id desc'])
      .execute();
    // `tags @> array[tag]` uses this.
    await db.schema.createIndex('notes_tags').on('notes').using('gin').column('tags').execute();
    await db.schema.createIndex('notes_source_ref').on('notes').column('source_ref').execute();
  },
};
