import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Vault } from './vault.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    vault: Vault;
  }
}

export const vaultPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('vault', new Vault(app.kv, app.keys.vault));
  },
  { name: 'vault', dependencies: ['context'] },
);
