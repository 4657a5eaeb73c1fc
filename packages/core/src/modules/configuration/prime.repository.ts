import type { Kysely, Selectable } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../store/database.js';
import { countCharacters, type PrimeVersion, type PrimeVersionSummary } from './prime.schema.js';
import type { PrimeVersionsTable } from './prime.tables.js';
import './prime.tables.js';

const summary = (
  row: Omit<Selectable<PrimeVersionsTable>, 'content'> & { characters: number },
) => ({
  version: row.version,
  created_at: new Date(row.created_at).toISOString(),
  created_by: row.created_by,
  note: row.note,
  characters: Number(row.characters),
  restored_from: row.restored_from,
});

/** True for PostgreSQL's unique_violation: another writer took that version first. */
export const isUniqueViolation = (error: unknown): boolean =>
  (error as { code?: unknown } | null)?.code === '23505';

/** prime.md versions; the highest version is the current content. */
export class PrimeRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async latestVersion(): Promise<number> {
    const row = await this.db
      .selectFrom('prime_versions')
      .select(sql<number>`coalesce(max(version), 0)::int`.as('version'))
      .executeTakeFirstOrThrow();
    return Number(row.version);
  }

  async latest(): Promise<PrimeVersion | null> {
    const row = await this.db
      .selectFrom('prime_versions')
      .selectAll()
      .orderBy('version', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row
      ? { ...summary({ ...row, characters: countCharacters(row.content) }), content: row.content }
      : null;
  }

  async get(version: number): Promise<PrimeVersion | null> {
    const row = await this.db
      .selectFrom('prime_versions')
      .selectAll()
      .where('version', '=', version)
      .executeTakeFirst();
    return row
      ? { ...summary({ ...row, characters: countCharacters(row.content) }), content: row.content }
      : null;
  }

  async history(limit: number, before?: number): Promise<PrimeVersionSummary[]> {
    let query = this.db
      .selectFrom('prime_versions')
      .select(['version', 'created_at', 'created_by', 'note', 'restored_from'])
      .select(sql<number>`length(content)`.as('characters'))
      .orderBy('version', 'desc')
      .limit(limit);
    if (before !== undefined) query = query.where('version', '<', before);
    return (await query.execute()).map(summary);
  }

  /** Inserts exactly this version; throws a unique violation when it already exists. */
  async insert(row: {
    version: number;
    content: string;
    created_by: string;
    note: string | null;
    restored_from: number | null;
  }): Promise<PrimeVersion> {
    const inserted = await this.db
      .insertInto('prime_versions')
      .values(row)
      .returningAll()
      .executeTakeFirstOrThrow();
    return {
      ...summary({ ...inserted, characters: countCharacters(inserted.content) }),
      content: inserted.content,
    };
  }
}
