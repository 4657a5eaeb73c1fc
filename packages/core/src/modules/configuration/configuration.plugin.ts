import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ConfigurationService } from './configuration.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Feature flags and runtime parameters (the configuration center's values). */
    configuration: ConfigurationService;
  }
}

export const configurationPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('configuration', new ConfigurationService(app.settings, app.config, app.audit));
  },
  { name: 'configuration', dependencies: ['context', 'settings', 'audit'] },
);
