import { type Kysely, type Migration, sql } from 'kysely';

/** Tables of goals, tasks and the task execution log. */
export const goalsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('goals')
      .addColumn('goal_id', 'text', (c) => c.primaryKey())
      .addColumn('objective', 'text', (c) => c.notNull())
      .addColumn('priority', 'integer', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('pause_reason', 'text')
      .addColumn('paused_by', 'text')
      // Planning: null until the plan job has turned the objective into tasks.
      .addColumn('planned_at', 'timestamptz')
      .addColumn('plan_source', 'text')
      .addColumn('plan_note', 'text')
      .addColumn('planning_tokens', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
      .addColumn('finished_at', 'timestamptz')
      .execute();
    await db.schema
      .createIndex('goals_status_created')
      .on('goals')
      .columns(['status', 'created_at desc'])
      .execute();

    await db.schema
      .createTable('goal_tasks')
      .addColumn('task_id', 'text', (c) => c.primaryKey())
      .addColumn('goal_id', 'text', (c) =>
        c.notNull().references('goals.goal_id').onDelete('cascade'),
      )
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('instruction', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
      // The earliest time the next attempt may start (retry backoff).
      .addColumn('available_at', 'timestamptz', (c) =>
        c.notNull().defaultTo(sql`clock_timestamp()`),
      )
      .addColumn('lease_owner', 'text')
      .addColumn('lease_until', 'timestamptz')
      .addColumn('run_id', 'text')
      .addColumn('result', 'text')
      .addColumn('error', 'text')
      .addColumn('request_id', 'text')
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
      .addColumn('finished_at', 'timestamptz')
      .execute();
    await db.schema
      .createIndex('goal_tasks_goal_position')
      .on('goal_tasks')
      .columns(['goal_id', 'position'])
      .unique()
      .execute();
    // The Governor counts running tasks and the sweep finds expired leases.
    await db.schema
      .createIndex('goal_tasks_status_lease')
      .on('goal_tasks')
      .columns(['status', 'lease_until'])
      .execute();

    await db.schema
      .createTable('goal_task_dependencies')
      .addColumn('task_id', 'text', (c) =>
        c.notNull().references('goal_tasks.task_id').onDelete('cascade'),
      )
      .addColumn('depends_on', 'text', (c) =>
        c.notNull().references('goal_tasks.task_id').onDelete('cascade'),
      )
      .addColumn('goal_id', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('goal_task_dependencies_pk', ['task_id', 'depends_on'])
      .execute();
    await db.schema
      .createIndex('goal_task_dependencies_goal')
      .on('goal_task_dependencies')
      .column('goal_id')
      .execute();

    await db.schema
      .createTable('goal_task_runs')
      .addColumn('run_id', 'text', (c) => c.primaryKey())
      .addColumn('task_id', 'text', (c) =>
        c.notNull().references('goal_tasks.task_id').onDelete('cascade'),
      )
      .addColumn('goal_id', 'text', (c) => c.notNull())
      .addColumn('attempt', 'integer', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('worker', 'text', (c) => c.notNull())
      .addColumn('started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
      .addColumn('finished_at', 'timestamptz')
      .addColumn('duration_ms', 'integer')
      .addColumn('request_id', 'text')
      .addColumn('tokens', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('error', 'text')
      .execute();
    await db.schema
      .createIndex('goal_task_runs_started')
      .on('goal_task_runs')
      .columns(['started_at desc', 'run_id desc'])
      .execute();
    await db.schema
      .createIndex('goal_task_runs_goal_started')
      .on('goal_task_runs')
      .columns(['goal_id', 'started_at desc', 'run_id desc'])
      .execute();
    await db.schema
      .createIndex('goal_task_runs_task')
      .on('goal_task_runs')
      .column('task_id')
      .execute();
    // Today's tokens for the daily budget.
    await db.schema
      .createIndex('goal_task_runs_finished')
      .on('goal_task_runs')
      .column('finished_at')
      .execute();
  },
};
