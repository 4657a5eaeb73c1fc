import type { Kysely, Migration } from 'kysely';

/**
 * What the input guard found in each untrusted source of a confirmation's run (flagged or not,
 * the signals, the flagged excerpt), so the operator sees why to doubt the call.
 */
export const taintEvidenceMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('confirmations').addColumn('taint_evidence', 'jsonb').execute();
  },
};
