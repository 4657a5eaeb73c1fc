import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AuditRepository } from './audit.repository.js';
import { auditRoutes } from './audit.routes.js';
import type { AuditEntryInput, AuditQuery } from './audit.schema.js';
import { auditSearchSource } from './audit.search.js';
import { AuditWriter } from './audit.writer.js';

export interface AuditService {
  /** Records a row without waiting; returns its id. */
  record(entry: AuditEntryInput): string;
  list(query: AuditQuery): ReturnType<AuditRepository['page']>;
  /** Every action name recorded so far, sorted. */
  actions(): Promise<string[]>;
  /** When `action` was last recorded (ISO), or null. */
  lastRecorded(action: string): Promise<string | null>;
  /** Waits until every row recorded so far is stored. */
  flush(): Promise<void>;
  readonly pending: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    audit: AuditService;
  }
}

export const auditPlugin = fp(
  async (app: FastifyInstance) => {
    const repository = new AuditRepository(app.sql.db);
    const writer = await AuditWriter.open({
      repository,
      journalDir: path.join(app.config.storage.dataDir, 'audit-journal'),
      owner: app.replicaId,
      logger: app.log.child({ module: 'audit' }),
    });
    // Reads see every row recorded before them: the buffer is flushed first (a no-op when empty).
    const flushed = async () => {
      if (writer.pending > 0) await writer.flush();
    };
    const audit: AuditService = {
      record: (entry: AuditEntryInput) => writer.record(entry),
      list: async (query: AuditQuery) => {
        await flushed();
        return repository.page(query);
      },
      actions: async () => {
        await flushed();
        return repository.actions();
      },
      lastRecorded: async (action: string) => {
        await flushed();
        return repository.lastRecorded(action);
      },
      flush: () => writer.flush(),
      get pending() {
        return writer.pending;
      },
    };
    app.decorate('audit', audit);
    app.searchService.register(auditSearchSource(audit));
    // Runs before the stores close (hooks run in reverse order of registration).
    app.addHook('onClose', () => writer.close());
    await app.register(auditRoutes);
  },
  { name: 'audit', dependencies: ['context', 'search'] },
);
