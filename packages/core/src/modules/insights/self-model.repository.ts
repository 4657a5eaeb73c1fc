import type { Kysely } from 'kysely';
import type { Database } from '../../store/database.js';
import './insights.tables.js';

/** The one stored self-model row; a Panic Reset sets it to `{}`. */
export class SelfModelRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async read(): Promise<{ model: unknown; computed_at: Date | null } | null> {
    const row = await this.db
      .selectFrom('self_model')
      .select(['model', 'computed_at'])
      .where('id', '=', 1)
      .executeTakeFirst();
    return row ?? null;
  }

  async write(model: unknown, computedAt: Date): Promise<void> {
    const values = { id: 1, model: JSON.stringify(model), computed_at: computedAt };
    await this.db
      .insertInto('self_model')
      .values(values)
      .onConflict((oc) =>
        oc.column('id').doUpdateSet({ model: values.model, computed_at: computedAt }),
      )
      .execute();
  }
}
