import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { configCenterRoutes } from './config-center.routes.js';
import { PrimeRepository } from './prime.repository.js';
import { primeRoutes } from './prime.routes.js';
import { PrimeService } from './prime.service.js';
import { PrimeFile } from './prime-file.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** prime.md: the operator's standing instructions, versioned. */
    prime: PrimeService;
  }
}

/** The configuration center's API: prime.md with history, feature flags and runtime parameters. */
export const configCenterPlugin = fp(
  async (app: FastifyInstance) => {
    const prime = new PrimeService(
      new PrimeRepository(app.sql.db),
      new PrimeFile(app.config.storage.dataDir),
      app.audit,
      app.log.child({ module: 'prime' }),
      app.kv,
    );
    app.decorate('prime', prime);
    app.runtime.addContextProvider(prime.provider);
    app.addHook('onReady', () => prime.syncAtStart());
    // Before the stores close (hooks run in reverse order): no file write is left half done.
    app.addHook('onClose', () => prime.settled());

    await app.register(primeRoutes(prime));
    await app.register(configCenterRoutes);
  },
  { name: 'config-center', dependencies: ['context', 'auth', 'configuration', 'runtime', 'audit'] },
);
