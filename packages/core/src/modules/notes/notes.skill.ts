import { z } from 'zod';
import { defineSkill, type SkillContext, SkillError, type SkillOutput } from '../skills/skill.js';
import type { Note } from './notes.schema.js';
import type { NotesService } from './notes.service.js';

const ACTIONS = ['create', 'list', 'search', 'read', 'delete'] as const;
const noteId = z.string().min(1).max(64);
const limit = z.number().int().min(1).max(50);
const tag = z.string().min(1).max(40);

/** One shape per action, each with exactly the fields it needs. */
const requestSchema = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('create'),
    title: z.string().trim().min(1).max(200),
    body: z.string().max(50_000).optional(),
    tags: z.array(tag).max(20).optional(),
  }),
  z.object({
    action: z.literal('list'),
    tag: tag.optional(),
    source: z.enum(['operator', 'agent', 'feed']).optional(),
    limit: limit.optional(),
  }),
  z.object({
    action: z.literal('search'),
    query: z.string().trim().min(1).max(200),
    tag: tag.optional(),
    limit: limit.optional(),
  }),
  z.object({ action: z.literal('read'), note_id: noteId }),
  z.object({ action: z.literal('delete'), note_id: noteId }),
]);
type NotesRequest = z.infer<typeof requestSchema>;

/** What the model sees: one flat object (providers want an object at the top, not a oneOf). */
const inputSchema = z
  .object({
    action: z
      .enum(ACTIONS)
      .describe(
        'create (title). list: recent. search (query). read (note_id): full text. delete (note_id).',
      ),
    title: z.string().optional().describe('short title'),
    body: z.string().optional().describe('note text'),
    tags: z.array(z.string()).optional().describe('e.g. ["project-x"]'),
    query: z.string().optional().describe('words that must all match'),
    tag: z.string().optional().describe('filter'),
    source: z.enum(['operator', 'agent', 'feed']).optional().describe('list: filter'),
    // Plain number here (the union checks it is whole): .int() adds ±2^53 bounds to the schema.
    limit: z.number().optional().describe('max notes, 1-50; default 10'),
    note_id: z.string().optional().describe('note id'),
  })
  .pipe(requestSchema);

const PREVIEW_CHARS = 200;

function preview(note: Note): string {
  const body = note.body.replace(/\s+/g, ' ').trim();
  const text = body.length > PREVIEW_CHARS ? `${body.slice(0, PREVIEW_CHARS)}…` : body;
  const tags = note.tags.length ? ` [${note.tags.join(', ')}]` : '';
  return `- ${note.note_id} (${note.source}, ${note.created_at.slice(0, 10)}) ${note.title}${tags}${text ? `\n  ${text}` : ''}`;
}

/** Notes taken from feeds are outside text: the runtime scans them before the model reads them. */
const fromOutside = (notes: Note[]) => notes.some((note) => note.source === 'feed');

function listing(notes: Note[], empty: string, heading: string): SkillOutput {
  return {
    text: notes.length ? `${heading}\n${notes.map(preview).join('\n')}` : empty,
    untrusted: fromOutside(notes),
    source: 'feed notes',
    data: { note_ids: notes.map((note) => note.note_id) },
  };
}

/** Where a note the agent writes came from: the goal it works on, else the chat. */
function sourceRef(context: SkillContext): string | null {
  if (context.goalId) return `goal:${context.goalId}`;
  if (context.chatId) return `chat:${context.chatId}`;
  return null;
}

async function run(notes: NotesService, request: NotesRequest, context: SkillContext) {
  switch (request.action) {
    case 'create': {
      const note = await notes.create({
        ...request,
        source: 'agent',
        source_ref: sourceRef(context),
      });
      return {
        text: `Saved note ${note.note_id}: ${note.title}`,
        data: { note_id: note.note_id },
        audit: { target: note.note_id },
      };
    }
    case 'list': {
      const page = await notes.list({ ...request, limit: request.limit ?? 10 });
      return listing(
        page.notes,
        'There are no notes yet.',
        `${page.notes.length} most recent notes:`,
      );
    }
    case 'search': {
      const page = await notes.list({
        q: request.query,
        tag: request.tag,
        limit: request.limit ?? 10,
      });
      return listing(
        page.notes,
        `No note contains "${request.query}".`,
        `Notes matching "${request.query}":`,
      );
    }
    case 'read': {
      const note = await notes.find(request.note_id);
      if (!note) throw new SkillError(`There is no note ${request.note_id}.`, 'not_found');
      const tags = note.tags.length ? `\nTags: ${note.tags.join(', ')}` : '';
      const ref = note.source_ref ? `\nFrom: ${note.source_ref}` : '';
      return {
        text: `${note.title}\nWritten by: ${note.source}, ${note.created_at}${tags}${ref}\n\n${note.body}`,
        untrusted: note.source === 'feed',
        source: `feed item ${note.source_ref ?? note.title}`,
        data: { note_id: note.note_id },
        audit: { target: note.note_id },
      };
    }
    case 'delete': {
      const note = await notes.find(request.note_id);
      if (!note) throw new SkillError(`There is no note ${request.note_id}.`, 'not_found');
      await notes.delete(note.note_id);
      return {
        text: `Deleted note ${note.note_id}: ${note.title}`,
        data: { note_id: note.note_id },
        audit: { target: note.note_id },
      };
    }
  }
}

/** The agent's notebook: write, list, search, read and delete notes (CONTROLLED: audited). */
export function createNotesSkill(notes: NotesService) {
  return defineSkill({
    name: 'notes',
    description: 'Notes kept across conversations, incl. subscribed feed items.',
    level: 'CONTROLLED',
    inputSchema,
    execute: (input, context): Promise<SkillOutput> => run(notes, input, context),
  });
}
