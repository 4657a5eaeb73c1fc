import { z } from 'zod';
import { cursorSchema, limitSchema } from '../../http/paging.js';
import { NOTE_SOURCES } from './notes.tables.js';

export const NOTE_TITLE_MAX = 200;
export const NOTE_BODY_MAX = 50_000;
export const NOTE_TAGS_MAX = 20;
export const NOTE_TAG_MAX = 40;
export const NOTE_SOURCE_REF_MAX = 2_000;

/** Letters and digits, then also `_ - . : /`: no spaces or commas, so tags survive any list form. */
const TAG_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N}_\-.:/]*$/u;

/** Tags are compared lower-cased, so "Work" and "work" are one tag. */
export const tagSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1)
  .max(NOTE_TAG_MAX)
  .regex(TAG_PATTERN, { message: 'letters and digits, then also _ - . : / (no spaces)' });

export const tagsSchema = z
  .array(tagSchema)
  .max(NOTE_TAGS_MAX)
  .transform((tags) => [...new Set(tags)]);

const titleSchema = z.string().trim().min(1).max(NOTE_TITLE_MAX);
const bodySchema = z.string().max(NOTE_BODY_MAX);
const sourceRefSchema = z.string().trim().min(1).max(NOTE_SOURCE_REF_MAX);

export const noteSchema = z.object({
  note_id: z.string(),
  title: z.string(),
  body: z.string(),
  tags: z.array(z.string()),
  source: z.enum(NOTE_SOURCES),
  source_ref: z.string().nullable(),
  created_at: z.string().describe('ISO 8601, UTC, microseconds'),
  updated_at: z.string().describe('ISO 8601, UTC, microseconds'),
});
export type Note = z.infer<typeof noteSchema>;

export const createNoteSchema = z.strictObject({
  title: titleSchema,
  body: bodySchema.default(''),
  tags: tagsSchema.default([]),
  source_ref: sourceRefSchema.nullable().optional(),
});

export const updateNoteSchema = z
  .strictObject({
    title: titleSchema.optional(),
    body: bodySchema.optional(),
    tags: tagsSchema.optional(),
    source_ref: sourceRefSchema.nullable().optional(),
  })
  .refine((patch) => Object.keys(patch).length > 0, { message: 'name at least one field' });
export type NotePatch = z.output<typeof updateNoteSchema>;

export const noteListQuerySchema = z.object({
  q: z.string().trim().min(1).max(200).optional().describe('Words that must all appear'),
  tag: tagSchema.optional(),
  source: z.enum(NOTE_SOURCES).optional(),
  limit: limitSchema(50, 200).describe('Default 50, capped at 200'),
  cursor: cursorSchema.optional(),
});
export type NoteListQuery = z.output<typeof noteListQuerySchema>;

export const notePageSchema = z.object({
  notes: z.array(noteSchema),
  next_cursor: z.string().nullable(),
});
export type NotePage = z.infer<typeof notePageSchema>;

export const noteParamsSchema = z.object({ note_id: z.string().min(1).max(64) });
