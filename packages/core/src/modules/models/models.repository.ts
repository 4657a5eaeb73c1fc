import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../store/database.js';
import type { ModelProvidersTable } from './models.tables.js';
import './models.tables.js';

export type ProviderRow = Selectable<ModelProvidersTable>;

/** Providers added on the dashboard. Keys are never here: they live in the vault. */
export class ProvidersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  list(): Promise<ProviderRow[]> {
    return this.db
      .selectFrom('model_providers')
      .selectAll()
      .orderBy('created_at')
      .orderBy('provider_id')
      .execute();
  }

  find(providerId: string): Promise<ProviderRow | undefined> {
    return this.db
      .selectFrom('model_providers')
      .selectAll()
      .where('provider_id', '=', providerId)
      .executeTakeFirst();
  }

  /** The new row, or undefined when the id is taken (decided by the primary key, not a read). */
  insert(row: Pick<ProviderRow, 'provider_id' | 'kind' | 'label' | 'base_url'>) {
    return this.db
      .insertInto('model_providers')
      .values(row)
      .onConflict((oc) => oc.column('provider_id').doNothing())
      .returningAll()
      .executeTakeFirst();
  }

  update(providerId: string, patch: Partial<Pick<ProviderRow, 'label' | 'base_url'>>) {
    return this.db
      .updateTable('model_providers')
      .set({ ...patch, updated_at: new Date() })
      .where('provider_id', '=', providerId)
      .returningAll()
      .executeTakeFirst();
  }

  async delete(providerId: string): Promise<boolean> {
    const rows = await this.db
      .deleteFrom('model_providers')
      .where('provider_id', '=', providerId)
      .returning('provider_id')
      .execute();
    return rows.length > 0;
  }
}
