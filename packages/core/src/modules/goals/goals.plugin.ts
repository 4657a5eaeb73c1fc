import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { executionState } from './execution-state.js';
import { GoalJobs } from './goal-jobs.js';
import { GoalsRepository } from './goals.repository.js';
import { goalsRoutes } from './goals.routes.js';
import { goalsSearchSource } from './goals.search.js';
import { GoalsService } from './goals.service.js';
import { ResourceGovernor } from './governor.js';
import { PlanWorker } from './plan-worker.js';
import { createTaskManagerSkill } from './task-manager.skill.js';
import { TaskSweeper } from './task-sweeper.js';
import { TaskWorker } from './task-worker.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Goals and their task graphs (create, list, get, pause, resume, archive, addTask). */
    goals: GoalsService;
  }
}

/** pg-boss may fail a job whose handler outlives it; a task's own limit is TASK_TIMEOUT. */
const JOB_MARGIN_SECONDS = 120;

/** Goals, their task graphs, the workers that run them and the Resource Governor. */
export const goalsPlugin = fp(
  async (app: FastifyInstance) => {
    const log = app.log.child({ module: 'goals' });
    const db = app.sql.db;
    const taskTimeoutMs = app.config.autonomy.taskTimeoutMs;
    const jobs = new GoalJobs(app.jobs, Math.ceil(taskTimeoutMs / 1000) + JOB_MARGIN_SECONDS);
    const governor = new ResourceGovernor(app.configuration, app.health);
    const goals = new GoalsService({
      db,
      repository: new GoalsRepository(db),
      jobs,
      audit: app.audit,
      events: app.events,
    });
    const worker = new TaskWorker({
      db,
      boss: app.jobs,
      doorbell: app.jobDoorbell,
      jobs,
      governor,
      runtime: app.runtime,
      traces: app.traces,
      events: app.events,
      audit: app.audit,
      configuration: app.configuration,
      log,
      taskTimeoutMs,
      work: app.pressure.work('goal_tasks'),
    });
    const planner = new PlanWorker({
      db,
      boss: app.jobs,
      doorbell: app.jobDoorbell,
      jobs,
      planner: { models: app.models, configuration: app.configuration, skills: app.skills, log },
      events: app.events,
      log,
    });
    const sweeper = new TaskSweeper({ db, jobs, worker, configuration: app.configuration, log });
    jobs.onSend(() => {
      worker.wake();
      planner.wake();
    });

    app.decorate('goals', goals);
    app.searchService.register(goalsSearchSource(goals));
    app.skills.register(createTaskManagerSkill(goals));
    await app.register(
      goalsRoutes(goals, () =>
        executionState({ db, jobs, governor, configuration: app.configuration }),
      ),
    );

    // Workers start once every plugin is ready (the runtime may gain context providers late).
    app.addHook('onReady', async () => {
      await jobs.createQueues();
      planner.start();
      await sweeper.start();
    });
    // A Panic Reset wipes goals and their runs: nothing of them may be written meanwhile.
    // The sweep that starts again sizes the workers anew.
    app.resetGate.onQuiesce({
      name: 'goals',
      async pause() {
        await sweeper.stop();
        await planner.stop();
        await worker.pause();
      },
      async resume() {
        planner.start();
        await sweeper.start();
      },
    });
    // Before the stores and pg-boss close: running tasks are handed back as interrupted.
    app.addHook('preClose', async () => {
      await sweeper.stop();
      await planner.stop();
      await worker.stop();
    });
  },
  {
    name: 'goals',
    dependencies: [
      'context',
      'audit',
      'jobs',
      'configuration',
      'runtime',
      'events',
      'health',
      'skills',
      'models',
      'traces',
      'search',
      'reset-gate',
    ],
  },
);
