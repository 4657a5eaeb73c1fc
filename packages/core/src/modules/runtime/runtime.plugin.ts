import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ConversationRepository } from '../chat/conversation.repository.js';
import { helpText } from './help-text.js';
import { AgentRuntime } from './runtime.service.js';
import { SkillRunner } from './skill-runner.js';

declare module 'fastify' {
  interface FastifyInstance {
    runtime: AgentRuntime;
    /** The policy gate every skill call goes through (the runtime's, goals' and tasks'). */
    skillRunner: SkillRunner;
    conversations: ConversationRepository;
  }
}

export const runtimePlugin = fp(
  async (app: FastifyInstance) => {
    const conversations = new ConversationRepository(app.sql.db);
    const runner = new SkillRunner(
      app.skills,
      app.autonomy,
      app.confirmations,
      app.audit,
      app.events,
      app.configuration,
    );
    const log = app.log.child({ module: 'runtime' });
    const runtime = new AgentRuntime({
      registry: app.skills,
      runner,
      autonomy: app.autonomy,
      models: app.models,
      conversations,
      traces: app.traces,
      identity: app.identity,
      events: app.events,
      log,
      configuration: app.configuration,
      fastPath: {
        // The fast path reads the same facts as the system_info skill, without a gated call.
        async systemInfo() {
          const skill = app.skills.get('system_info');
          if (!skill) return 'System information is not available.';
          const output = await skill.execute(
            {},
            {
              signal: AbortSignal.timeout(5_000),
              requestId: 'fast-path',
              chatId: null,
              goalId: null,
              actor: 'runtime',
              depth: 0,
              log,
            },
          );
          return output.text;
        },
        help: () => helpText(app.skills.all()),
      },
    });
    app.decorate('conversations', conversations);
    app.decorate('skillRunner', runner);
    app.decorate('runtime', runtime);
  },
  {
    name: 'runtime',
    dependencies: [
      'skills',
      'confirmations',
      'models',
      'traces',
      'identity',
      'events',
      'audit',
      'configuration',
    ],
  },
);
