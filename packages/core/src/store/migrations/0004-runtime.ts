import { type Kysely, type Migration, sql } from 'kysely';

/** Tables of the agent runtime: settings, conversations, traces, identity, models, confirmations. */
export const runtimeMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('settings')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('value', 'jsonb', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('updated_by', 'text')
      .execute();

    await db.schema
      .createTable('chats')
      .addColumn('chat_id', 'text', (c) => c.primaryKey())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('message_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
      .execute();
    await db.schema.createIndex('chats_updated').on('chats').columns(['updated_at desc']).execute();
    await db.schema
      .createTable('chat_messages')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('chat_id', 'text', (c) => c.notNull())
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('request_id', 'text')
      .addColumn('tokens', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
      .execute();
    await db.schema
      .createIndex('chat_messages_chat')
      .on('chat_messages')
      .columns(['chat_id', 'created_at desc', 'id desc'])
      .execute();

    await db.schema
      .createTable('traces')
      .addColumn('request_id', 'text', (c) => c.primaryKey())
      .addColumn('chat_id', 'text')
      .addColumn('tier', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
      .addColumn('latency_ms', 'integer', (c) => c.notNull())
      .addColumn('model', 'text')
      .addColumn('tokens', 'jsonb', (c) => c.notNull())
      .addColumn('cost_usd', 'double precision')
      .addColumn('guard_chain', 'jsonb', (c) => c.notNull())
      .addColumn('steps', 'jsonb', (c) => c.notNull())
      .addColumn('input', 'text', (c) => c.notNull())
      .addColumn('reply', 'text', (c) => c.notNull())
      .addColumn('error', 'text')
      .execute();
    await db.schema
      .createIndex('traces_created')
      .on('traces')
      .columns(['created_at desc', 'request_id desc'])
      .execute();
    await db.schema
      .createIndex('traces_chat_created')
      .on('traces')
      .columns(['chat_id', 'created_at desc', 'request_id desc'])
      .execute();
    await db.schema
      .createIndex('traces_tier_created')
      .on('traces')
      .columns(['tier', 'created_at desc', 'request_id desc'])
      .execute();

    await db.schema
      .createTable('identity')
      .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('persona', 'text', (c) => c.notNull())
      .addColumn('born_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('total_xp', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();

    await db.schema
      .createTable('model_providers')
      .addColumn('provider_id', 'text', (c) => c.primaryKey())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('label', 'text', (c) => c.notNull())
      .addColumn('base_url', 'text')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();

    await db.schema
      .createTable('confirmations')
      .addColumn('confirmation_id', 'text', (c) => c.primaryKey())
      .addColumn('request_id', 'text', (c) => c.notNull())
      .addColumn('chat_id', 'text')
      .addColumn('goal_id', 'text')
      .addColumn('skill', 'text', (c) => c.notNull())
      .addColumn('level', 'text', (c) => c.notNull())
      .addColumn('input', 'jsonb', (c) => c.notNull())
      .addColumn('simulation', 'jsonb')
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
      .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
      .addColumn('decided_at', 'timestamptz')
      .addColumn('decided_by', 'text')
      .execute();
    await db.schema
      .createIndex('confirmations_status')
      .on('confirmations')
      .columns(['status', 'created_at desc'])
      .execute();
  },
};
