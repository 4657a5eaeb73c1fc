import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { CandidatesRepository } from './candidates.repository.js';
import { insightsRoutes } from './insights.routes.js';
import { InsightsCache } from './insights-cache.js';
import { MetricsService } from './metrics.service.js';
import { opportunitiesRoutes } from './opportunities.routes.js';
import { OpportunitiesService } from './opportunities.service.js';
import { SelfModelRepository } from './self-model.repository.js';
import { SelfModelService } from './self-model.service.js';
import { SkillEvolutionService } from './skill-evolution.service.js';

/** How long a result over many traces is reused while no new trace arrives. */
const CACHE_TTL_MS = 5 * 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** Figures and opportunities computed from the stored traces and records. */
    insights: {
      metrics: MetricsService;
      skillEvolution: SkillEvolutionService;
      selfModel: SelfModelService;
      opportunities: OpportunitiesService;
    };
  }
}

/** The insight pages' backend: /metrics, /skill-evolution, /opportunities, /cognitive's self-model. */
export const insightsPlugin = fp(
  async (app: FastifyInstance) => {
    const analytics = app.traceAnalytics;
    const cache = new InsightsCache(app.kv, () => analytics.latest(), CACHE_TTL_MS);
    app.decorate('insights', {
      metrics: new MetricsService(analytics),
      skillEvolution: new SkillEvolutionService(analytics, app.skills, cache),
      selfModel: new SelfModelService(analytics, app.skills, new SelfModelRepository(app.sql.db)),
      opportunities: new OpportunitiesService({
        analytics,
        repository: new CandidatesRepository(app.sql.db),
        cache,
        kv: app.kv,
        audit: app.audit,
        scheduler: app.scheduler,
        subscriptions: app.subscriptions,
        behavioral: app.behavioral,
        proposals: app.behavioralProposals,
      }),
    });
    await app.register(insightsRoutes);
    await app.register(opportunitiesRoutes);
  },
  {
    name: 'insights',
    dependencies: [
      'context',
      'audit',
      'traces',
      'skills',
      'scheduler',
      'subscriptions',
      'behavioral',
    ],
  },
);
