import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SafeFetcher } from '../../net/safe-fetch.js';
import { createSsrfGuard } from '../../net/ssrf.js';
import { PollScheduler } from './poll-scheduler.js';
import { createSubscribeSkill } from './subscribe.skill.js';
import { SubscriptionItemsRepository } from './subscription-items.repository.js';
import { SubscriptionPoller } from './subscription-poller.js';
import { SubscriptionsRepository } from './subscriptions.repository.js';
import { subscriptionsRoutes } from './subscriptions.routes.js';
import { SubscriptionsService } from './subscriptions.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Feeds and price alerts (configuration: they survive a Panic Reset). */
    subscriptions: SubscriptionsService;
  }
}

/** RSS and Atom feeds and price alerts: configuration that survives a Panic Reset. */
export const subscriptionsPlugin = fp(
  async (app: FastifyInstance) => {
    const log = app.log.child({ module: 'subscriptions' });
    const { skills: config } = app.config;
    // The same rules as the skills' fetcher: private addresses only when SSRF_ALLOWLIST says so.
    const guard = createSsrfGuard({ allowlist: config.ssrfAllowlist });
    const fetcher = new SafeFetcher({
      guard,
      maxBytes: config.fetchMaxBytes,
      timeoutMs: config.fetchTimeoutMs,
    });
    const repository = new SubscriptionsRepository(app.sql.db);
    const items = new SubscriptionItemsRepository(app.sql.db);
    const poller = new SubscriptionPoller({
      fetcher,
      repository,
      items,
      notes: app.notes,
      eventQueue: app.eventQueue,
      events: app.events,
      log,
    });
    const scheduler = new PollScheduler({
      jobs: app.jobs,
      doorbell: app.jobDoorbell,
      repository,
      enabled: () => app.configuration.flag('monitors_and_subscriptions'),
      poll: async (row) => (await poller.poll(row)).ok,
      skipped: (row) =>
        app.events.emit('schedule-run', {
          schedule_id: row.subscription_id,
          kind: row.kind,
          name: row.name,
          status: 'skipped',
        }),
      log,
    });
    const service = new SubscriptionsService({
      repository,
      items,
      poller,
      guard,
      schedule: (id, due) => scheduler.schedule(id, due),
    });
    app.decorate('subscriptions', service);
    app.skills.register(createSubscribeSkill(service));
    await app.register(subscriptionsRoutes);

    app.addHook('onReady', () => scheduler.start());
    // Before the job queue stops (onClose runs in reverse order): no poll is cut off mid-fetch.
    app.addHook('onClose', async () => {
      await scheduler.stop();
      await fetcher.close();
    });
  },
  {
    name: 'subscriptions',
    dependencies: ['context', 'audit', 'jobs', 'configuration', 'events', 'skills', 'notes'],
  },
);
