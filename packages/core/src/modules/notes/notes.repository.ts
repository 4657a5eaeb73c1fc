import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { Database } from '../../store/database.js';
import { isoMicros } from '../../store/sql-time.js';
import type { Note, NoteListQuery } from './notes.schema.js';
import type { NoteSource } from './notes.tables.js';
import './notes.tables.js';
import { containsPattern } from '../../store/like.js';

export interface NewNote {
  note_id: string;
  title: string;
  body: string;
  tags: string[];
  source: NoteSource;
  source_ref: string | null;
}

export type NoteChanges = Partial<Pick<NewNote, 'title' | 'body' | 'tags' | 'source_ref'>>;

const COLUMNS = [
  'note_id',
  'title',
  'body',
  'tags',
  'source',
  'source_ref',
  isoMicros('created_at').as('created_at'),
  isoMicros('updated_at').as('updated_at'),
] as const;

/** Every word must appear in the title, the body or a tag (case-insensitive substring). */
function matchesWords(eb: ExpressionBuilder<Database, 'notes'>, words: string[]) {
  return eb.and(
    words.map((word) => {
      const pattern = containsPattern(word);
      return eb.or([
        eb('title', 'ilike', pattern),
        eb('body', 'ilike', pattern),
        eb(sql<string>`array_to_string(tags, ' ')`, 'ilike', pattern),
      ]);
    }),
  );
}

export class NotesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(note: NewNote): Promise<Note> {
    return this.db.insertInto('notes').values(note).returning(COLUMNS).executeTakeFirstOrThrow();
  }

  async get(noteId: string): Promise<Note | null> {
    const row = await this.db
      .selectFrom('notes')
      .select(COLUMNS)
      .where('note_id', '=', noteId)
      .executeTakeFirst();
    return row ?? null;
  }

  /** Null when there is no such note. */
  async update(noteId: string, changes: NoteChanges): Promise<Note | null> {
    const row = await this.db
      .updateTable('notes')
      .set({ ...changes, updated_at: sql<Date>`clock_timestamp()` })
      .where('note_id', '=', noteId)
      .returning(COLUMNS)
      .executeTakeFirst();
    return row ?? null;
  }

  /** The note as it was, or null when there was none. */
  async delete(noteId: string): Promise<Note | null> {
    const row = await this.db
      .deleteFrom('notes')
      .where('note_id', '=', noteId)
      .returning(COLUMNS)
      .executeTakeFirst();
    return row ?? null;
  }

  /** Newest first, keyset-paged on (created_at, note_id): edits never move a note between pages. */
  async page(query: NoteListQuery): Promise<{ notes: Note[]; next_cursor: string | null }> {
    let select = this.db
      .selectFrom('notes')
      .select(COLUMNS)
      .orderBy('notes.created_at', 'desc')
      .orderBy('notes.note_id', 'desc')
      .limit(query.limit + 1);
    if (query.source) select = select.where('source', '=', query.source);
    if (query.tag) select = select.where(sql<boolean>`tags @> array[${query.tag}]::text[]`);
    const words = (query.q ?? '').split(/\s+/).filter(Boolean).slice(0, 10);
    if (words.length > 0) select = select.where((eb) => matchesWords(eb, words));
    if (query.cursor) {
      const { ts, id } = query.cursor;
      select = select.where(({ eb, refTuple, tuple }) =>
        eb(
          refTuple('notes.created_at', 'notes.note_id'),
          '<',
          tuple(sql<Date>`${ts}::timestamptz`, id),
        ),
      );
    }
    const rows = await select.execute();
    const notes = rows.slice(0, query.limit);
    const last = notes.at(-1);
    return {
      notes,
      next_cursor: rows.length > query.limit && last ? `${last.created_at}|${last.note_id}` : null,
    };
  }
}
