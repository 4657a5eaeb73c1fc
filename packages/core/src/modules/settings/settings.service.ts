import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../store/database.js';
import './settings.tables.js';
import { escapeLike } from '../../store/like.js';

/**
 * Operator settings that are configuration, not cognitive state (the autonomy mode, the default
 * model): kept in SQL, read through a schema, and never wiped by a Panic Reset.
 */
export class SettingsService {
  constructor(private readonly db: Kysely<Database>) {}

  /** The stored value, or the fallback when it is absent or no longer fits the schema. */
  async get<T>(key: string, schema: z.ZodType<T>, fallback: T): Promise<T> {
    const row = await this.db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', key)
      .executeTakeFirst();
    if (!row) return fallback;
    const parsed = schema.safeParse(row.value);
    return parsed.success ? parsed.data : fallback;
  }

  /** Every setting whose key starts with `prefix`, raw (callers parse what they read). */
  async list(
    prefix: string,
  ): Promise<Array<{ key: string; value: unknown; updated_at: Date; updated_by: string | null }>> {
    return this.db
      .selectFrom('settings')
      .selectAll()
      .where('key', 'like', `${escapeLike(prefix)}%`)
      .orderBy('key')
      .execute();
  }

  async set(key: string, value: unknown, updatedBy: string): Promise<void> {
    const json = JSON.stringify(value);
    await this.db
      .insertInto('settings')
      .values({ key, value: json, updated_by: updatedBy })
      .onConflict((oc) =>
        oc
          .column('key')
          .doUpdateSet({ value: json, updated_by: updatedBy, updated_at: new Date() }),
      )
      .execute();
  }

  async delete(key: string): Promise<void> {
    await this.db.deleteFrom('settings').where('key', '=', key).execute();
  }
}
