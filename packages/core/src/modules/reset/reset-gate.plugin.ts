import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ServiceUnavailableError } from '../../errors/app-error.js';
import { ResetGate } from './reset-gate.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Closed while a Panic Reset runs: agent work answers 503 and workers pause. */
    resetGate: ResetGate;
  }
}

/** Agent work that must not run while memory is wiped: chat, goals, agents, schedules. */
const GATED = /^\/(chat|api\/(chat|goals|agents|schedules))(\/|\?|$)/;

/**
 * Registered early, so its hook covers every route registered after it and modules can
 * register what to pause and which caches to drop.
 */
export const resetGatePlugin = fp(
  async (app: FastifyInstance) => {
    const gate = new ResetGate(app.kv, app.sql.notifications, app.log.child({ module: 'reset' }));
    app.decorate('resetGate', gate);
    const refusal = () =>
      new ServiceUnavailableError(
        'reset_in_progress',
        'A Panic Reset is running; agent work resumes when it is done',
      );
    // A callback hook: the answer is almost always known without a read, and an async hook
    // would cost every request a promise.
    app.addHook('onRequest', (request, _reply, done) => {
      if (!GATED.test(request.url)) return done();
      const known = gate.activeIfKnown();
      if (known !== null) return done(known ? refusal() : undefined);
      gate.active().then((active) => done(active ? refusal() : undefined), done);
    });
    app.addHook('onReady', async () => gate.watch());
    app.addHook('onClose', async () => gate.unwatch());
  },
  { name: 'reset-gate', dependencies: ['context'] },
);
