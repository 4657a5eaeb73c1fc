import { type Kysely, type Migration, sql } from 'kysely';

/** Tables of behavioral rules and of the rules proposed from the operator's corrections. */
export const behavioralMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('behavioral_rules')
      .addColumn('rule_id', 'text', (c) => c.primaryKey())
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('trigger', 'jsonb', (c) => c.notNull())
      .addColumn('source', 'text', (c) =>
        c.notNull().check(sql`source in ('operator', 'correction', 'agent')`),
      )
      .addColumn('confidence', 'double precision', (c) =>
        c.notNull().check(sql`confidence >= 0 and confidence <= 1`),
      )
      .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
      .addColumn('hit_count', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('last_hit_at', 'timestamptz')
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
      .execute();
    await db.schema
      .createIndex('behavioral_rules_created')
      .on('behavioral_rules')
      .columns(['created_at desc', 'rule_id desc'])
      .execute();

    await db.schema
      .createTable('behavioral_proposals')
      .addColumn('proposal_id', 'text', (c) => c.primaryKey())
      // The normalised correction: the same one is never proposed twice, whatever became of it.
      .addColumn('fingerprint', 'text', (c) => c.notNull().unique())
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('trigger', 'jsonb', (c) => c.notNull())
      .addColumn('confidence', 'double precision', (c) => c.notNull())
      .addColumn('correction', 'text', (c) => c.notNull())
      .addColumn('chat_id', 'text')
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) =>
        c.notNull().check(sql`status in ('pending', 'approved', 'rejected')`),
      )
      .addColumn('rule_id', 'text')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
      .addColumn('decided_at', 'timestamptz')
      .addColumn('decided_by', 'text')
      .execute();
    await db.schema
      .createIndex('behavioral_proposals_status')
      .on('behavioral_proposals')
      .columns(['status', 'created_at desc'])
      .execute();
  },
};
