import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { behindFlag } from '../skills/flagged-skill.js';
import { openPatchReplay, replayPatches } from './patch-replay.js';
import { createSelfImproveSkill } from './self-improve.skill.js';
import { SelfImproveRepository } from './selfimprove.repository.js';
import { selfImproveRoutes } from './selfimprove.routes.js';
import { proposalsSearchSource } from './selfimprove.search.js';
import { SelfImproveService } from './selfimprove.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    selfImprove: SelfImproveService;
  }
}

/** Self-improve proposals, the soft safety gate, apply and persisted patches. */
export const selfImprovePlugin = fp(
  async (app: FastifyInstance) => {
    const log = app.log.child({ module: 'selfimprove' });
    const { store, tree } = openPatchReplay(app.config);
    // DESIGN's boot order is stores -> re-apply patches -> app: registration runs before the app
    // is ready, so every persisted patch is back in the tree before the first request.
    const startup = await replayPatches(store, tree, log);
    const skipped = [...startup.entries()].filter(([, outcome]) => outcome.status === 'skipped');
    if (skipped.length > 0) {
      app.audit.record({
        action: 'selfimprove.reapply_skipped',
        actor: 'runtime',
        target: null,
        detail: {
          patches: skipped.map(([name, outcome]) => ({
            name,
            path: outcome.path,
            reason: outcome.reason,
          })),
        },
      });
    }

    const service = new SelfImproveService({
      tree,
      store,
      repository: new SelfImproveRepository(app.sql.db),
      audit: app.audit,
      events: app.events,
      pythonBin: app.config.governance.pythonBin,
      startup,
    });
    app.decorate('selfImprove', service);
    app.searchService.register(proposalsSearchSource(service));
    app.skills.register(
      behindFlag(createSelfImproveSkill(service), 'self_improve_skill', app.configuration),
    );
    await app.register(selfImproveRoutes, { service });
  },
  {
    name: 'selfimprove',
    dependencies: ['context', 'audit', 'auth', 'skills', 'configuration', 'events', 'search'],
  },
);
