import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Untrusted-content tracking: which untrusted sources a confirmation's run had read, and which
 * a goal task's result carries on to the tasks built on it. And the flags fast_path and
 * decision_layer become one, model_free_tiers (the configuration center keeps SPEC's 12 flags
 * with untrusted_content_guard added).
 */
export const securityMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('confirmations').addColumn('tainted_by', 'jsonb').execute();
    await db.schema.alterTable('goal_tasks').addColumn('tainted_by', 'jsonb').execute();
    await mergeModelFreeFlags(db);
  },
};

/**
 * Carries the operator's fast_path and decision_layer settings over to model_free_tiers: off
 * when either was off (they chose more of their requests to reach the model), with the latest
 * change's author; nothing stored when neither was ever changed.
 */
export async function mergeModelFreeFlags(db: Kysely<unknown>): Promise<void> {
  await sql`
    insert into settings (key, value, updated_at, updated_by)
    select 'flags.model_free_tiers', to_jsonb(bool_and(value = 'true'::jsonb)), max(updated_at),
           (array_agg(updated_by order by updated_at desc))[1]
    from settings where key in ('flags.fast_path', 'flags.decision_layer')
    having count(*) > 0
    on conflict (key) do nothing`.execute(db);
  await sql`delete from settings where key in ('flags.fast_path', 'flags.decision_layer')`.execute(
    db,
  );
}
