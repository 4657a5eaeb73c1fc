import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import PgBoss from 'pg-boss';
import { hint } from '../../store/statement-hints.js';
import { JobDoorbell } from './job-doorbell.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Durable jobs (goal tasks, schedules, feed polls) in the SQL store, shared by every replica:
     * a job is taken by one worker at a time, retried with backoff, and survives restarts.
     */
    jobs: PgBoss;
    /** Wakes this process's idle workers when their queue has a job due (one query for all). */
    jobDoorbell: JobDoorbell;
  }
}

/** pg-boss keeps its tables in a schema of its own next to the store's. */
export const jobsSchemaFor = (storeSchema: string) =>
  storeSchema === 'public' ? 'pgboss' : `${storeSchema}_boss`;

export const jobsPlugin = fp(
  async (app: FastifyInstance) => {
    const log = app.log.child({ module: 'jobs' });
    // pg-boss's job table is partitioned by queue, so PostgreSQL's plan cache judges a generic
    // plan (over every partition) dearer than the pruned custom ones and plans each poll afresh:
    // on PGlite, where every poll runs on the request's thread, 0.8 of a poll's 1.7 ms. Its
    // statements keep their generic plan there (pruned at execution); on PostgreSQL node-postgres
    // prepares nothing, so there is no plan to keep.
    const prefix =
      app.sql.backend === 'pglite' ? hint({ plan_cache_mode: 'force_generic_plan' }) : '';
    const query = (text: string, values?: unknown[]) => app.sql.query(prefix + text, values);
    const schema = jobsSchemaFor(app.sql.schema);
    const boss = new PgBoss({
      // The store's own pool: on PGlite there is one session, and pg-boss must share it.
      db: { executeSql: (text, values) => query(text, values) as Promise<{ rows: [] }> },
      schema,
      // Archive completed jobs after a day and drop them after a week: the task log has its own table.
      archiveCompletedAfterSeconds: 24 * 3600,
      deleteAfterDays: 7,
      // No pg-boss cron: schedules are the scheduler module's own jobs with a start time. Its
      // timekeeper would poll a queue of its own every few seconds for nothing.
      schedule: false,
    });
    boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
    await boss.start();
    const doorbell = new JobDoorbell(boss, query, schema, log);
    app.decorate('jobs', boss);
    app.decorate('jobDoorbell', doorbell);
    // Before the stores close (onClose hooks run in reverse order of registration): workers
    // finish or hand their jobs back.
    app.addHook('onClose', async () => {
      await doorbell.stop();
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    });
  },
  { name: 'jobs', dependencies: ['context'] },
);
