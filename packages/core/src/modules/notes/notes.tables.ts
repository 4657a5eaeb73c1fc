import type { Generated } from 'kysely';

export const NOTE_SOURCES = ['operator', 'agent', 'feed'] as const;
export type NoteSource = (typeof NOTE_SOURCES)[number];

export interface NotesTable {
  note_id: string;
  title: string;
  body: Generated<string>;
  tags: Generated<string[]>;
  source: NoteSource;
  source_ref: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

declare module '../../store/database.js' {
  interface Database {
    notes: NotesTable;
  }
}
