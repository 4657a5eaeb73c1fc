import { type Kysely, sql } from 'kysely';
import type { Database } from '../../store/database.js';
import { containsPattern } from '../../store/like.js';
import { isoMicros } from '../../store/sql-time.js';
import type {
  Goal,
  GoalDetail,
  GoalStatus,
  Run,
  RunQuery,
  RunStatus,
  Task,
  TaskStatus,
} from './goals.schema.js';
import './goals.tables.js';

type Db = Kysely<Database>;

export interface GoalListQuery {
  /** Absent: all but archived. */
  status?: GoalStatus | 'all' | undefined;
  /** Words in the objective, or the exact goal id. */
  text?: string | undefined;
}

const progress = (done: number, total: number) =>
  total === 0 ? 0 : Math.floor((100 * done) / total);

/** Reads of goals, their task graphs and the execution log, shaped as the API shows them. */
export class GoalsRepository {
  constructor(private readonly db: Db) {}

  async list(query: GoalListQuery & { limit: number }): Promise<Goal[]> {
    let select = this.goals(this.db).orderBy('g.created_at', 'desc').limit(query.limit);
    if (query.status === undefined) select = select.where('g.status', '<>', 'archived');
    else if (query.status !== 'all') select = select.where('g.status', '=', query.status);
    const { text } = query;
    if (text)
      select = select.where((eb) =>
        eb.or([eb('g.objective', 'ilike', containsPattern(text)), eb('g.goal_id', '=', text)]),
      );
    return (await select.execute()).map(toGoal);
  }

  async goal(goalId: string, db: Db = this.db): Promise<Goal | null> {
    const row = await this.goals(db).where('g.goal_id', '=', goalId).executeTakeFirst();
    return row ? toGoal(row) : null;
  }

  async detail(goalId: string): Promise<GoalDetail | null> {
    const row = await this.goals(this.db)
      .select(['g.planned_at', 'g.plan_source', 'g.plan_note'])
      .where('g.goal_id', '=', goalId)
      .executeTakeFirst();
    if (!row) return null;
    const [tasks, dependencies] = await Promise.all([
      this.tasks(this.db).where('t.goal_id', '=', goalId).orderBy('t.position').execute(),
      this.db
        .selectFrom('goal_task_dependencies')
        .select(['task_id', 'depends_on'])
        .where('goal_id', '=', goalId)
        .orderBy('task_id')
        .orderBy('depends_on')
        .execute(),
    ]);
    return {
      ...toGoal(row),
      planning: {
        status: row.planned_at ? 'done' : 'pending',
        source: (row.plan_source as GoalDetail['planning']['source']) ?? null,
        note: row.plan_note,
      },
      tasks: tasks.map(toTask),
      dependencies,
    };
  }

  async task(taskId: string, db: Db = this.db): Promise<Task | null> {
    const row = await this.tasks(db).where('t.task_id', '=', taskId).executeTakeFirst();
    return row ? toTask(row) : null;
  }

  /** The execution log: one row per attempt, newest first, keyset-paged on (started_at, run_id). */
  async runs(query: RunQuery): Promise<{ runs: Run[]; next_cursor: string | null }> {
    let select = this.db
      .selectFrom('goal_task_runs as r')
      .innerJoin('goal_tasks as t', 't.task_id', 'r.task_id')
      .select([
        'r.run_id',
        'r.task_id',
        'r.goal_id',
        't.title',
        'r.attempt',
        'r.status',
        'r.worker',
        isoMicros('r.started_at').as('started_at'),
        sql<
          string | null
        >`case when r.finished_at is null then null else ${isoMicros('r.finished_at')} end`.as(
          'finished_at',
        ),
        'r.duration_ms',
        'r.request_id',
        'r.tokens',
        'r.error',
      ])
      .orderBy('r.started_at', 'desc')
      .orderBy('r.run_id', 'desc')
      .limit(query.limit + 1);
    if (query.goal_id) select = select.where('r.goal_id', '=', query.goal_id);
    if (query.task_id) select = select.where('r.task_id', '=', query.task_id);
    if (query.status) select = select.where('r.status', '=', query.status);
    if (query.cursor) {
      const { ts, id } = query.cursor;
      select = select.where(({ eb, refTuple, tuple }) =>
        eb(refTuple('r.started_at', 'r.run_id'), '<', tuple(sql<Date>`${ts}::timestamptz`, id)),
      );
    }
    const rows = await select.execute();
    const runs = rows
      .slice(0, query.limit)
      .map((row) => ({ ...row, status: row.status as RunStatus }));
    const last = runs.at(-1);
    return {
      runs,
      next_cursor: rows.length > query.limit && last ? `${last.started_at}|${last.run_id}` : null,
    };
  }

  private goals(db: Db) {
    return db
      .selectFrom('goals as g')
      .select([
        'g.goal_id',
        'g.objective',
        'g.priority',
        'g.status',
        'g.pause_reason',
        'g.paused_by',
        'g.created_by',
        isoMicros('g.created_at').as('created_at'),
        isoMicros('g.updated_at').as('updated_at'),
        sql<number>`(select count(*) from goal_tasks t where t.goal_id = g.goal_id)::int`.as(
          'tasks_total',
        ),
        sql<number>`(select count(*) from goal_tasks t where t.goal_id = g.goal_id and t.status = 'done')::int`.as(
          'tasks_done',
        ),
        sql<string>`(g.planning_tokens + coalesce((select sum(r.tokens) from goal_task_runs r where r.goal_id = g.goal_id), 0))::bigint`.as(
          'tokens',
        ),
      ]);
  }

  private tasks(db: Db) {
    return db
      .selectFrom('goal_tasks as t')
      .select([
        't.task_id',
        't.goal_id',
        't.position',
        't.title',
        't.instruction',
        't.status',
        't.attempts',
        't.result',
        't.error',
        't.request_id',
        't.created_by',
        isoMicros('t.created_at').as('created_at'),
        sql<
          string | null
        >`case when t.finished_at is null then null else ${isoMicros('t.finished_at')} end`.as(
          'finished_at',
        ),
        sql<
          string[]
        >`coalesce((select array_agg(d.depends_on order by d.depends_on) from goal_task_dependencies d where d.task_id = t.task_id), '{}')`.as(
          'depends_on',
        ),
        sql<string>`coalesce((select sum(r.tokens) from goal_task_runs r where r.task_id = t.task_id), 0)::bigint`.as(
          'tokens',
        ),
      ]);
  }
}

type GoalRow = Omit<Goal, 'status' | 'progress' | 'tokens'> & { status: string; tokens: string };

function toGoal(row: GoalRow): Goal {
  const status = row.status as GoalStatus;
  return {
    goal_id: row.goal_id,
    objective: row.objective,
    priority: row.priority,
    status,
    progress: status === 'completed' ? 100 : progress(row.tasks_done, row.tasks_total),
    pause_reason: row.pause_reason,
    paused_by: row.paused_by,
    tasks_total: row.tasks_total,
    tasks_done: row.tasks_done,
    tokens: Number(row.tokens),
    created_by: row.created_by,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

type TaskRow = Omit<Task, 'status' | 'tokens'> & { status: string; tokens: string };

function toTask(row: TaskRow): Task {
  return { ...row, status: row.status as TaskStatus, tokens: Number(row.tokens) };
}
