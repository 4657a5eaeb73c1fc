import { request } from './client';

export type NoteSource = 'operator' | 'agent' | 'feed';

/** A note; feed items the runtime announces become notes with source `feed`. */
export interface Note {
  note_id: string;
  title: string;
  /** Plain text */
  body: string;
  tags: string[];
  source: NoteSource;
  /** A feed item's link, chat:<id> or goal:<id> for the agent's, anything the operator set */
  source_ref: string | null;
  created_at: string;
  updated_at: string;
}

export const fetchNote = (id: string, signal?: AbortSignal) =>
  request<Note>(`/api/notes/${encodeURIComponent(id)}`, { signal });
