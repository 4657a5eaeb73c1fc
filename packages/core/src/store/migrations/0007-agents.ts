import { type Kysely, type Migration, sql } from 'kysely';

/** Tables of sub-agents and their message log. */
export const agentsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('agents')
      .addColumn('agent_id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('objective', 'text', (c) => c.notNull())
      .addColumn('priority', 'integer', (c) => c.notNull().check(sql`priority between 1 and 10`))
      // What the operator decided (active, paused, stopped); the shown status is derived from it
      // and the run columns, so a run left by a dead process never pins an agent as running.
      .addColumn('control', 'text', (c) => c.notNull().defaultTo('active'))
      .addColumn('run_id', 'text')
      .addColumn('run_expires_at', 'timestamptz')
      .addColumn('last_error', 'text')
      .addColumn('messages_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
      .addColumn('last_active_at', 'timestamptz')
      .execute();
    // Names are unique whatever their case: "Researcher" and "researcher" would be one agent to
    // the model, which addresses agents by name.
    await db.schema
      .createIndex('agents_name_key')
      .on('agents')
      .unique()
      .expression(sql`lower(name)`)
      .execute();

    await db.schema
      .createTable('agent_messages')
      .addColumn('message_id', 'text', (c) => c.primaryKey())
      .addColumn('agent_id', 'text', (c) =>
        c.notNull().references('agents.agent_id').onDelete('cascade'),
      )
      .addColumn('origin', 'text', (c) => c.notNull())
      .addColumn('sender', 'text', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('request_id', 'text')
      .addColumn('error', 'text')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
      .execute();
    await db.schema
      .createIndex('agent_messages_agent_created')
      .on('agent_messages')
      .columns(['agent_id', 'created_at desc', 'message_id desc'])
      .execute();
  },
};
