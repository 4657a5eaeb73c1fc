import { type Kysely, type Migration, Migrator } from 'kysely';
import type { Database } from '../database.js';
import { kvMigration } from './0001-kv.js';
import { authMigration } from './0002-auth.js';
import { auditMigration } from './0003-audit.js';
import { runtimeMigration } from './0004-runtime.js';
import { eventsMigration } from './0005-events.js';
import { goalsMigration } from './0006-goals.js';
import { agentsMigration } from './0007-agents.js';
import { schedulerMigration } from './0008-scheduler.js';
import { subscriptionsMigration } from './0009-subscriptions.js';
import { notesMigration } from './0010-notes.js';
import { selfImproveMigration } from './0011-self-improve.js';
import { configurationMigration } from './0012-configuration.js';
import { behavioralMigration } from './0013-behavioral.js';
import { integrationsMigration } from './0014-integrations.js';
import { memoryMigration } from './0015-memory.js';
import { securityMigration } from './0016-security.js';
import { insightsMigration } from './0019-insights.js';
import { resetMigration } from './0020-reset.js';
import { memoryExtractionMigration } from './0022-memory-extraction.js';
import { resetFenceMigration } from './0023-reset-fence.js';
import { scheduleRunLeasesMigration } from './0024-schedule-run-leases.js';
import { taintEvidenceMigration } from './0025-taint-evidence.js';
import { idSearchMigration } from './0026-id-search.js';
import { memoryTermsMigration } from './0027-memory-terms.js';
import { otelTraceIdMigration } from './0029-otel-trace-id.js';

/** Migrations in order. Names sort lexically; never rename or edit one that has shipped. */
const migrations: Record<string, Migration> = {
  '0001-kv': kvMigration,
  '0002-auth': authMigration,
  '0003-audit': auditMigration,
  '0004-runtime': runtimeMigration,
  '0005-events': eventsMigration,
  '0006-goals': goalsMigration,
  '0007-agents': agentsMigration,
  '0008-scheduler': schedulerMigration,
  '0009-subscriptions': subscriptionsMigration,
  '0010-notes': notesMigration,
  '0011-self-improve': selfImproveMigration,
  '0012-configuration': configurationMigration,
  '0013-behavioral': behavioralMigration,
  '0014-integrations': integrationsMigration,
  '0015-memory': memoryMigration,
  '0016-security': securityMigration,
  '0019-insights': insightsMigration,
  '0020-reset': resetMigration,
  '0022-memory-extraction': memoryExtractionMigration,
  '0023-reset-fence': resetFenceMigration,
  '0024-schedule-run-leases': scheduleRunLeasesMigration,
  '0025-taint-evidence': taintEvidenceMigration,
  '0026-id-search': idSearchMigration,
  '0027-memory-terms': memoryTermsMigration,
  '0029-otel-trace-id': otelTraceIdMigration,
};

/** Names of all migrations, in order. */
export const migrationNames = (): string[] => Object.keys(migrations);

/**
 * Brings the schema up to date. The migration bookkeeping tables are named with their schema,
 * since Kysely looks them up across all schemas and would otherwise find another schema's.
 */
export async function migrateToLatest(db: Kysely<Database>, schema = 'public'): Promise<void> {
  const migrator = new Migrator({
    db,
    migrationTableSchema: schema,
    provider: { getMigrations: async () => migrations },
    // Areas get their numbers up front and land in any order: a database that already ran a
    // later number must still take an earlier one that arrives after it.
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    const reason = (error as Error).message;
    // No migration failed when the database was never reached (down, not resolvable, refused).
    const message = failed
      ? `Database migration ${failed} failed: ${reason}`
      : `Could not reach the SQL database to bring its schema up to date: ${reason}`;
    throw new Error(message, { cause: error });
  }
}
