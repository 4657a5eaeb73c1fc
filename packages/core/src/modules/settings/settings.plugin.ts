import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SettingsService } from './settings.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    settings: SettingsService;
  }
}

export const settingsPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('settings', new SettingsService(app.sql.db, app.kv));
  },
  { name: 'settings', dependencies: ['context'] },
);
