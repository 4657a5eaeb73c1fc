import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ProvidersRepository } from './models.repository.js';
import { modelsRoutes } from './models.routes.js';
import { ModelsService } from './models.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    models: ModelsService;
  }
}

export interface ModelsPluginOptions {
  /** How long /health reuses the model's liveness answer (30 s by default; tests shorten it). */
  healthTtlMs?: number;
  /** How long resolveDefault's answer is reused (5 s by default). */
  resolveTtlMs?: number;
}

export const modelsPlugin = fp(
  async (app: FastifyInstance, options: ModelsPluginOptions) => {
    const models = new ModelsService({
      repository: new ProvidersRepository(app.sql.db),
      vault: app.vault,
      settings: app.settings,
      options: app.config.models,
      logger: app.log.child({ module: 'models' }),
      ...(options.healthTtlMs !== undefined ? { healthTtlMs: options.healthTtlMs } : {}),
      ...(options.resolveTtlMs !== undefined ? { resolveTtlMs: options.resolveTtlMs } : {}),
    });
    app.decorate('models', models);
    app.addHook('onClose', async () => models.close());
    // The health module may be registered after this one; its model probe is ours once all are.
    app.addHook('onReady', async () => {
      if (app.hasDecorator('health')) app.health.setModelProbe(() => models.health());
    });
    await app.register(modelsRoutes);
  },
  { name: 'models', dependencies: ['context', 'audit', 'vault', 'settings'] },
);
