import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ConversationRepository } from '../chat/conversation.repository.js';
import { ExchangeJournal } from './exchange-journal.js';
import { InjectionClassifier } from './guards/injection-classifier.js';
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
    const conversations = new ConversationRepository(app.sql.db, app.pendingWrites, app.kv);
    app.resetGate.onWiped(() => conversations.forgetRecent());
    // Opening replays what an earlier run journaled but did not store, before anything is served.
    const exchanges = await ExchangeJournal.open({
      db: app.sql.db,
      conversations,
      journalDir: path.join(app.config.storage.dataDir, 'exchange-journal'),
      owner: app.replicaId,
      logger: app.log.child({ module: 'exchange-journal' }),
      pendingWrites: app.pendingWrites,
      fence: app.resetFence,
    });
    // Runs before the stores close (hooks run in reverse order of registration).
    app.addHook('onClose', () => exchanges.close());
    // A Panic Reset wipes these tables: what was answered before it is stored first, then wiped.
    app.resetGate.onQuiesce({
      name: 'exchange-journal',
      pause: () => exchanges.flush(),
      resume: () => {},
    });
    const classifier = new InjectionClassifier({
      timeoutMs: () => app.configuration.parameter('injection_classifier_timeout_ms'),
      async model() {
        const named = app.config.models.injectionClassifierModel;
        if (named) return app.models.languageModel(named);
        const resolved = await app.models.resolveDefault();
        return resolved ? resolved.languageModel() : null;
      },
    });
    const runner = new SkillRunner(
      app.skills,
      app.autonomy,
      app.confirmations,
      app.audit,
      app.events,
      app.configuration,
      classifier,
    );
    const log = app.log.child({ module: 'runtime' });
    const runtime = new AgentRuntime({
      registry: app.skills,
      runner,
      autonomy: app.autonomy,
      models: app.models,
      conversations,
      exchanges,
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
    // A Panic Reset wipes what requests write: none may run meanwhile (chat, goals, agents).
    app.resetGate.onQuiesce({
      name: 'runtime',
      pause: () =>
        runtime.quiesce(
          'reset_in_progress',
          'A Panic Reset is running; agent work resumes when it is done',
        ),
      resume: () => runtime.resume(),
    });
  },
  {
    name: 'runtime',
    dependencies: [
      'reset-gate',
      'skills',
      'confirmations',
      'models',
      'traces',
      'identity',
      'events',
      'audit',
      'configuration',
      'reset-gate',
    ],
  },
);
