import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sqlTestBackends } from '../../testing/services.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { BACKSTOP_POLL_SECONDS } from './job-doorbell.js';
import { jobsSchemaFor } from './jobs.plugin.js';

describe.each(await sqlTestBackends())('job doorbell (%s)', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ sql: backend });
  });
  afterAll(() => t.close());

  it('rings the listeners of a queue once a job there is due, and only then', async () => {
    const { jobs, jobDoorbell } = t.app;
    await jobs.createQueue('bell-a');
    await jobs.createQueue('bell-b');
    const ringA = vi.fn();
    const ringB = vi.fn();
    const stopA = jobDoorbell.listen('bell-a', 60_000, ringA);
    const stopB = jobDoorbell.listen('bell-b', 60_000, ringB);
    try {
      await jobs.send('bell-a', { n: 1 }, { startAfter: 60 });
      await jobDoorbell.check();
      expect(ringA).not.toHaveBeenCalled();

      await jobs.send('bell-a', { n: 2 });
      await jobDoorbell.check();
      expect(ringA).toHaveBeenCalledTimes(1);
      expect(ringB).not.toHaveBeenCalled();

      stopA();
      await jobDoorbell.check();
      expect(ringA).toHaveBeenCalledTimes(1);
    } finally {
      stopA();
      stopB();
    }
  });

  it('wakes a worker for a job nobody announced, long before the worker would poll', async () => {
    const { jobs, jobDoorbell } = t.app;
    await jobs.createQueue('bell-work');
    let takenAt = 0;
    await jobDoorbell.work('bell-work', { batchSize: 1, everySeconds: 0.5 }, async () => {
      takenAt = Date.now();
    });
    try {
      // The worker's first fetch finds nothing; its next own poll is BACKSTOP_POLL_SECONDS away.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const sentAt = Date.now();
      // Sent as another replica would: nothing in this process is told.
      await t.app.sql.query(
        `insert into ${jobsSchemaFor(t.app.sql.schema)}.job (name, data) values ('bell-work', '{}'::jsonb)`,
      );
      await vi.waitUntil(() => takenAt > 0, { timeout: 5_000, interval: 50 });
      expect(BACKSTOP_POLL_SECONDS).toBeGreaterThanOrEqual(10);
      expect(takenAt - sentAt).toBeLessThan(3_000);
    } finally {
      await jobDoorbell.offWork('bell-work');
    }
  });
});
