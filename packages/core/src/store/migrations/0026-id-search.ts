import { type Kysely, type Migration, sql } from 'kysely';

/**
 * The palette finds a trace or a chat by any part of its id. Trigram indexes keep that a lookup
 * at millions of traces where pg_trgm exists (the memory migration created it when it could);
 * without it the search still works, by a scan.
 */
export const idSearchMigration: Migration = {
  async up(db: Kysely<unknown>) {
    const { rows } = await sql`select 1 from pg_extension where extname = 'pg_trgm'`.execute(db);
    if (rows.length === 0) return;
    await sql`create index traces_request_id_trgm on traces using gin (request_id gin_trgm_ops)`.execute(
      db,
    );
    await sql`create index chats_chat_id_trgm on chats using gin (chat_id gin_trgm_ops)`.execute(
      db,
    );
  },
};
