import { NotFoundError } from '../../errors/app-error.js';
import { uuidv7 } from '../../util/uuid-v7.js';
import type { NoteChanges, NotesRepository } from './notes.repository.js';
import {
  NOTE_BODY_MAX,
  NOTE_SOURCE_REF_MAX,
  NOTE_TAG_MAX,
  NOTE_TAGS_MAX,
  NOTE_TITLE_MAX,
  type Note,
  type NoteListQuery,
  type NotePage,
  type NotePatch,
  noteListQuerySchema,
} from './notes.schema.js';
import type { NoteSource } from './notes.tables.js';

export interface CreateNoteInput {
  title: string;
  body?: string;
  tags?: string[];
  source: NoteSource;
  /** Where the note came from: a feed item's link, `chat:<id>`, `goal:<id>`. */
  source_ref?: string | null;
}

export type NoteListOptions = Partial<Omit<NoteListQuery, 'cursor'>> & { cursor?: string };

/** Cut to `max` characters, ending with an ellipsis when something was dropped. */
function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/**
 * A tag as the API would accept it: lower case, no spaces; other characters become hyphens.
 * Internal callers (feeds, the agent) get their tags cleaned instead of refused.
 */
export function cleanTag(tag: string): string {
  return tag
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}_\-.:/]+/gu, '-')
    .replace(/^[^\p{L}\p{N}]+/u, '')
    .slice(0, NOTE_TAG_MAX)
    .replace(/-+$/, '');
}

function cleanTags(tags: string[] | undefined): string[] {
  const cleaned = (tags ?? []).map(cleanTag).filter(Boolean);
  return [...new Set(cleaned)].slice(0, NOTE_TAGS_MAX);
}

/**
 * Notes kept by the operator (API), the agent (the notes skill) and the feeds. Notes are
 * cognitive state: a Panic Reset empties the `notes` table.
 */
export class NotesService {
  constructor(private readonly repository: NotesRepository) {}

  /** Cleans what it is given rather than refusing it: the API validates before it gets here. */
  async create(input: CreateNoteInput): Promise<Note> {
    const title = cut(input.title.replace(/\s+/g, ' ').trim(), NOTE_TITLE_MAX) || 'Untitled';
    const sourceRef = input.source_ref?.trim();
    return this.repository.insert({
      note_id: uuidv7(),
      title,
      body: cut(input.body ?? '', NOTE_BODY_MAX),
      tags: cleanTags(input.tags),
      source: input.source,
      source_ref: sourceRef ? cut(sourceRef, NOTE_SOURCE_REF_MAX) : null,
    });
  }

  async find(noteId: string): Promise<Note | null> {
    return this.repository.get(noteId);
  }

  async get(noteId: string): Promise<Note> {
    const note = await this.repository.get(noteId);
    if (!note) throw new NotFoundError('No such note');
    return note;
  }

  /** Newest first; `q` needs every word somewhere in the title, body or tags. */
  async list(options: NoteListOptions = {}): Promise<NotePage> {
    return this.repository.page(noteListQuerySchema.parse(options));
  }

  /** `list` for a query already validated by the route's schema. */
  async page(query: NoteListQuery): Promise<NotePage> {
    return this.repository.page(query);
  }

  /** Applies a validated patch; `changed` names the fields whose value actually changed. */
  async update(noteId: string, patch: NotePatch): Promise<{ note: Note; changed: string[] }> {
    const before = await this.get(noteId);
    const changes: NoteChanges = {};
    if (patch.title !== undefined) changes.title = patch.title;
    if (patch.body !== undefined) changes.body = patch.body;
    if (patch.tags !== undefined) changes.tags = cleanTags(patch.tags);
    if (patch.source_ref !== undefined) changes.source_ref = patch.source_ref ?? null;
    const changed = Object.entries(changes)
      .filter(
        ([field, value]) => JSON.stringify(before[field as keyof Note]) !== JSON.stringify(value),
      )
      .map(([field]) => field);
    const note = await this.repository.update(noteId, changes);
    if (!note) throw new NotFoundError('No such note');
    return { note, changed };
  }

  /** Removes the note and returns it as it was. */
  async delete(noteId: string): Promise<Note> {
    const note = await this.repository.delete(noteId);
    if (!note) throw new NotFoundError('No such note');
    return note;
  }
}
