import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SafeFetcher } from '../../net/safe-fetch.js';
import { createSsrfGuard } from '../../net/ssrf.js';
import { createMonitorsSkill } from './monitors.skill.js';
import { createRemindersSkill } from './reminders.skill.js';
import { ScheduleQueue } from './schedule-queue.js';
import { ScheduleRunner } from './schedule-runner.js';
import { ScheduleRunsRepository } from './schedule-runs.repository.js';
import { SchedulerRepository } from './scheduler.repository.js';
import { schedulerRoutes } from './scheduler.routes.js';
import { SchedulerService } from './scheduler.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Recurring tasks, one-off tasks, reminders and monitors. */
    scheduler: SchedulerService;
  }
}

/** Recurring tasks, one-off tasks, reminders and monitors. */
export const schedulerPlugin = fp(
  async (app: FastifyInstance) => {
    const log = app.log.child({ module: 'scheduler' });
    const { skills: config } = app.config;
    // Monitors reach what the skills may reach: the same SSRF guard and allowlist.
    const guard = createSsrfGuard({ allowlist: config.ssrfAllowlist });
    const fetcher = new SafeFetcher({
      guard,
      maxBytes: config.fetchMaxBytes,
      timeoutMs: config.fetchTimeoutMs,
    });
    const repository = new SchedulerRepository(app.sql.db);
    const runs = new ScheduleRunsRepository(app.sql.db);
    const queue = new ScheduleQueue(app.jobs, repository);
    const runner = new ScheduleRunner({
      repository,
      runs,
      runtime: app.runtime,
      traces: app.traces,
      eventQueue: app.eventQueue,
      events: app.events,
      configuration: app.configuration,
      fetcher,
      log,
      enqueue: (trx, row, due) => queue.enqueue(trx, row, due),
      work: app.pressure.work('schedules'),
    });
    const scheduler = new SchedulerService({
      jobs: app.jobs,
      doorbell: app.jobDoorbell,
      repository,
      runs,
      queue,
      runner,
      guard,
      log,
    });
    app.decorate('scheduler', scheduler);
    app.skills.register(createRemindersSkill(scheduler));
    app.skills.register(createMonitorsSkill(scheduler));
    await app.register(schedulerRoutes);

    app.addHook('onReady', () => scheduler.workers.start());
    app.resetGate.onQuiesce({
      name: 'scheduler',
      pause: () => scheduler.workers.pause(),
      resume: () => scheduler.workers.resume(),
    });
    // Runs before pg-boss stops (onClose hooks run in reverse order of registration).
    app.addHook('onClose', async () => {
      await scheduler.workers.stop();
      await fetcher.close();
    });
  },
  {
    name: 'scheduler',
    dependencies: [
      'context',
      'audit',
      'jobs',
      'configuration',
      'events',
      'skills',
      'runtime',
      'traces',
      'health',
      'reset-gate',
    ],
  },
);
