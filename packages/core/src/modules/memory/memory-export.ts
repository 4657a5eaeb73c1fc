import { type Kysely, sql } from 'kysely';
import type { Database } from '../../store/database.js';
import { MEMORY_TABLES } from './memory.tables.js';

const PAGE = 500;

/**
 * Every row of every memory table as NDJSON lines `{"table": ..., "row": {...}}`, in id order,
 * read in pages so an export of any size streams in constant memory. The generated full-text
 * column is left out; embeddings are kept (as pgvector or array text).
 */
export async function* exportLines(db: Kysely<Database>): AsyncGenerator<string> {
  for (const table of MEMORY_TABLES) {
    let after = '';
    for (;;) {
      const { rows } = await sql<{ id: string; row: Record<string, unknown> }>`
        select id, to_jsonb(t) - 'tsv' as row from ${sql.table(table)} t
        where id > ${after} order by id limit ${PAGE}`.execute(db);
      for (const row of rows) yield `${JSON.stringify({ table, row: row.row })}\n`;
      const last = rows.at(-1);
      if (rows.length < PAGE || !last) break;
      after = last.id;
    }
  }
}
