import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from './config/index.js';
import type { DerivedKeys } from './security/keys.js';
import type { SqlStore } from './store/db.js';
import type { KvStore } from './store/kv/kv-store.js';
import { PendingWrites } from './store/pending-writes.js';

/** What every module may use: validated config, the two stores and the derived keys. */
export interface AppContext {
  config: Config;
  sql: SqlStore;
  kv: KvStore;
  keys: DerivedKeys;
  serviceVersion: string;
  /** This replica's name (REPLICA_ID, else the host name): response header and journal files. */
  replicaId: string;
}

declare module 'fastify' {
  interface FastifyInstance extends AppContext {
    /** Write-behind buffers by table: reads of those tables store this process's rows first. */
    pendingWrites: PendingWrites;
  }
}

export const contextPlugin = fp(
  async (app: FastifyInstance, context: AppContext) => {
    app.decorate('config', context.config);
    app.decorate('sql', context.sql);
    app.decorate('kv', context.kv);
    app.decorate('keys', context.keys);
    app.decorate('serviceVersion', context.serviceVersion);
    app.decorate('replicaId', context.replicaId);
    app.decorate('pendingWrites', new PendingWrites());
  },
  { name: 'context' },
);
