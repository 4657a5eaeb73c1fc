import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import PgBoss from 'pg-boss';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Durable jobs (goal tasks, schedules, feed polls) in the SQL store, shared by every replica:
     * a job is taken by one worker at a time, retried with backoff, and survives restarts.
     */
    jobs: PgBoss;
  }
}

/** pg-boss keeps its tables in a schema of its own next to the store's. */
export const jobsSchemaFor = (storeSchema: string) =>
  storeSchema === 'public' ? 'pgboss' : `${storeSchema}_boss`;

export const jobsPlugin = fp(
  async (app: FastifyInstance) => {
    const log = app.log.child({ module: 'jobs' });
    const boss = new PgBoss({
      // The store's own pool: on PGlite there is one session, and pg-boss must share it.
      db: { executeSql: (text, values) => app.sql.query(text, values) as Promise<{ rows: [] }> },
      schema: jobsSchemaFor(app.sql.schema),
      // Archive completed jobs after a day and drop them after a week: the task log has its own table.
      archiveCompletedAfterSeconds: 24 * 3600,
      deleteAfterDays: 7,
    });
    boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
    await boss.start();
    app.decorate('jobs', boss);
    // Before the stores close (onClose hooks run in reverse order of registration): workers
    // finish or hand their jobs back.
    app.addHook('onClose', async () => {
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    });
  },
  { name: 'jobs', dependencies: ['context'] },
);
