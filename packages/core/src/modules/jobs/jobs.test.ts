import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlTestBackends } from '../../testing/services.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

describe.each(await sqlTestBackends())('durable jobs (%s)', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ sql: backend });
  });
  afterAll(() => t.close());

  it('works a job sent to a queue, in its own schema, and keeps an unworked one across a restart', async () => {
    await t.app.jobs.createQueue('test-work');
    const worked = new Promise<unknown>((resolve) => {
      void t.app.jobs.work('test-work', { pollingIntervalSeconds: 0.5 }, async ([job]) =>
        resolve(job?.data),
      );
    });
    await t.app.jobs.send('test-work', { n: 1 });
    await expect(worked).resolves.toEqual({ n: 1 });

    await t.app.jobs.createQueue('test-later');
    const id = await t.app.jobs.send('test-later', { n: 2 });
    t = await t.restart();
    const job = await t.app.jobs.getJobById('test-later', id as string);
    expect(job?.data).toEqual({ n: 2 });
    expect(job?.state).toBe('created');
  });
});
