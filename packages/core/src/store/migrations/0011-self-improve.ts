import { type Kysely, type Migration, sql } from 'kysely';

/** Tables of self-improve proposals (applied patches themselves live in DATA_DIR/src_patches). */
export const selfImproveMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('self_improve_proposals')
      .addColumn('proposal_id', 'text', (c) => c.primaryKey())
      .addColumn('path', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) =>
        c.notNull().check(sql`status in ('pending', 'applied', 'dismissed')`),
      )
      .addColumn('diff', 'text', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('rationale', 'text', (c) => c.notNull())
      .addColumn('origin', 'text', (c) => c.notNull().check(sql`origin in ('skill', 'manual')`))
      .addColumn('base_sha256', 'text')
      .addColumn('gate', 'jsonb', (c) => c.notNull())
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
      .addColumn('decided_at', 'timestamptz')
      .addColumn('decided_by', 'text')
      .addColumn('applied_path', 'text')
      .addColumn('backup_path', 'text')
      .addColumn('patch_name', 'text')
      .addColumn('error', 'text')
      .execute();
    // The page lists pending proposals (and each status) newest first.
    await db.schema
      .createIndex('self_improve_proposals_status')
      .on('self_improve_proposals')
      .columns(['status', 'created_at desc', 'proposal_id desc'])
      .execute();
    await db.schema
      .createIndex('self_improve_proposals_created')
      .on('self_improve_proposals')
      .columns(['created_at desc', 'proposal_id desc'])
      .execute();
  },
};
