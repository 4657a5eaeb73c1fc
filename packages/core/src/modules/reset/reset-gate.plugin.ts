import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ServiceUnavailableError } from '../../errors/app-error.js';
import { ResetFence } from './reset-fence.js';
import { ResetGate } from './reset-gate.js';
import { GATED_ROUTES } from './reset-scope.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Closed while a Panic Reset runs: agent work answers 503 and workers pause. */
    resetGate: ResetGate;
    /** The reset epoch: writers that hold records back stamp them with it. */
    resetFence: ResetFence;
  }
}

const judged = new Map<string, boolean>();

/** Whether the route that will answer (its pattern, not the raw URL) is in a gated family. */
export function isGatedRoute(pattern: string | undefined): boolean {
  if (!pattern) return false;
  let gated = judged.get(pattern);
  if (gated === undefined) {
    gated = GATED_ROUTES.some((family) => pattern === family || pattern.startsWith(`${family}/`));
    judged.set(pattern, gated);
  }
  return gated;
}

/**
 * Registered early, so its hook covers every route registered after it and modules can
 * register what to pause and which caches to drop.
 */
export const resetGatePlugin = fp(
  async (app: FastifyInstance) => {
    const log = app.log.child({ module: 'reset' });
    const fence = new ResetFence(app.sql.db, log, app.sql.backend !== 'pglite');
    // Before any module stamps a record: the epoch as the database has it.
    await fence.refresh();
    const gate = new ResetGate(app.kv, fence, app.sql.notifications, log);
    app.decorate('resetFence', fence);
    app.decorate('resetGate', gate);
    const refusal = () =>
      new ServiceUnavailableError(
        'reset_in_progress',
        'A Panic Reset is running; agent work resumes when it is done',
      );
    // A callback hook: the answer is almost always known without a read, and an async hook
    // would cost every request a promise.
    app.addHook('onRequest', (request, _reply, done) => {
      if (!isGatedRoute(request.routeOptions.url)) return done();
      const known = gate.activeIfKnown();
      if (known !== null) return done(known ? refusal() : undefined);
      gate.active().then((active) => done(active ? refusal() : undefined), done);
    });
    app.addHook('onReady', async () => gate.watch());
    app.addHook('onClose', async () => gate.unwatch());
  },
  { name: 'reset-gate', dependencies: ['context'] },
);
