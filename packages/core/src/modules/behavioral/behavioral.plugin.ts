import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { behavioralRoutes } from './behavioral.routes.js';
import { rulesSearchSource } from './behavioral.search.js';
import { BehavioralService } from './behavioral.service.js';
import { ControlLayer } from './control-layer.js';
import { ProposalsRepository } from './proposals.repository.js';
import { ProposalService } from './proposals.service.js';
import { RegexMatcher } from './regex-matcher.js';
import { RulesRepository } from './rules.repository.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Behavioral rules. */
    behavioral: BehavioralService;
    /** Rules proposed from the operator's corrections, waiting for a decision. */
    behavioralProposals: ProposalService;
    /** Applies the rules to every model request (the runtime's `behavioral_rules` provider). */
    controlLayer: ControlLayer;
  }
}

/** Behavioral rules and the control layer that applies them. */
export const behavioralPlugin = fp(
  async (app: FastifyInstance) => {
    const log = app.log.child({ module: 'behavioral' });
    const rules = new BehavioralService({
      rules: new RulesRepository(app.sql.db),
      audit: app.audit,
      kv: app.kv,
    });
    const proposals = new ProposalService({
      proposals: new ProposalsRepository(app.sql.db),
      audit: app.audit,
      publish: (event) => app.eventQueue.publish(event),
      rulesChanged: () => rules.changed(),
      log,
    });
    const matcher = new RegexMatcher();
    const controlLayer = new ControlLayer(rules, proposals, app.configuration, matcher, log);
    app.decorate('behavioral', rules);
    app.decorate('behavioralProposals', proposals);
    app.decorate('controlLayer', controlLayer);
    app.searchService.register(rulesSearchSource(rules));
    app.runtime.addContextProvider(controlLayer.provider);
    app.health.setQueueProbe('behavioral_pending', () => proposals.pendingCount());
    // Before the stores close (hooks run in reverse order): background writes finish first.
    app.addHook('onClose', async () => {
      await controlLayer.flush();
      await matcher.close();
    });

    await app.register(behavioralRoutes(rules, proposals));
  },
  {
    name: 'behavioral',
    dependencies: [
      'context',
      'auth',
      'audit',
      'events',
      'health',
      'runtime',
      'configuration',
      'search',
    ],
  },
);
