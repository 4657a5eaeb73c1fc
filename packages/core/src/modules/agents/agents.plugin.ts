import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createAgentManagerSkill } from './agent-manager.skill.js';
import { AgentRunner } from './agent-runner.js';
import { AgentRunsRepository } from './agent-runs.repository.js';
import { AgentsRepository } from './agents.repository.js';
import { agentsRoutes } from './agents.routes.js';
import { agentsSearchSource } from './agents.search.js';
import { AgentsService } from './agents.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    agents: AgentsService;
  }
}

/**
 * How long a run's claim on its agent holds without renewal. Long enough that a busy database
 * never loses a live run's claim; short enough that a crashed replica's agent frees up soon.
 */
const RUN_LEASE_MS = 60_000;

/** Sub-agents: their records, message logs and the agent_manager skill. */
export const agentsPlugin = fp(
  async (app: FastifyInstance) => {
    const mainAgentName = async () => (await app.identity.get()).name;
    let service: AgentsService | undefined;
    const runner = new AgentRunner({
      runs: new AgentRunsRepository(app.sql.db),
      runtime: app.runtime,
      mainAgentName,
      audit: app.audit,
      events: app.events,
      announce: (agent) => service?.announce(agent),
      log: app.log.child({ module: 'agents' }),
      leaseMs: RUN_LEASE_MS,
      work: app.pressure.work('agent_runs'),
    });
    service = new AgentsService(new AgentsRepository(app.sql.db), runner, app.audit, app.events);
    app.decorate('agents', service);
    app.searchService.register(agentsSearchSource(service));
    app.skills.register(createAgentManagerSkill({ agents: service, mainAgentName }));
    // Before the stores close: runs in flight are cancelled and their outcome recorded.
    app.addHook('onClose', () => runner.close());
    // A Panic Reset wipes the agents' message logs: runs in flight end first, recorded.
    app.resetGate.onQuiesce({ name: 'agents', pause: () => runner.close(), resume: () => {} });
    await agentsRoutes(app, service);
  },
  {
    name: 'agents',
    dependencies: [
      'context',
      'audit',
      'runtime',
      'skills',
      'events',
      'identity',
      'health',
      'search',
      'reset-gate',
    ],
  },
);
