import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../store/database.js';
import type { KvStore } from '../../store/kv/kv-store.js';
import { SharedCache } from '../../store/kv/shared-cache.js';
import './settings.tables.js';

export interface SettingRow {
  key: string;
  value: unknown;
  updated_at: Date;
  updated_by: string | null;
}

/**
 * Operator settings that are configuration, not cognitive state (the autonomy mode, the default
 * model): kept in SQL, read through a schema, and never wiped by a Panic Reset. The table is
 * small and read on every request, so it is held in memory, sorted by key, and reloaded after a
 * write on any replica.
 */
export class SettingsService {
  private readonly rows: SharedCache<SettingRow[]>;

  constructor(
    private readonly db: Kysely<Database>,
    kv: KvStore,
  ) {
    this.rows = new SharedCache(kv, 'settings-changed', () =>
      this.db.selectFrom('settings').selectAll().orderBy('key').execute(),
    );
  }

  /** The stored value, or the fallback when it is absent or no longer fits the schema. */
  async get<T>(key: string, schema: z.ZodType<T>, fallback: T): Promise<T> {
    const row = (await this.rows.get()).find((candidate) => candidate.key === key);
    if (!row) return fallback;
    const parsed = schema.safeParse(row.value);
    return parsed.success ? parsed.data : fallback;
  }

  /** Every setting whose key starts with `prefix`, raw (callers parse what they read). */
  async list(prefix: string): Promise<SettingRow[]> {
    return (await this.rows.get()).filter((row) => row.key.startsWith(prefix));
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
    await this.rows.changed();
  }

  async delete(key: string): Promise<void> {
    await this.db.deleteFrom('settings').where('key', '=', key).execute();
    await this.rows.changed();
  }
}
