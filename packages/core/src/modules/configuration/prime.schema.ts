import { z } from 'zod';

export const PRIME_MAX_CHARACTERS = 20_000;

/** Characters as PostgreSQL's length() counts them (code points), so SQL and JS agree. */
export const countCharacters = (text: string): number => [...text].length;

export const primeSchema = z.object({
  content: z.string(),
  version: z.number().int().describe('0 before the first save'),
  updated_at: z.string().nullable(),
  updated_by: z.string().nullable(),
});
export type PrimeView = z.infer<typeof primeSchema>;

export const primeSaveSchema = z.object({
  content: z.string().max(PRIME_MAX_CHARACTERS),
  base_version: z
    .number()
    .int()
    .min(0)
    .describe('The version this edit started from; 409 version_conflict when it is not the latest'),
  note: z.string().trim().max(200).nullish(),
});

export const primeVersionSummarySchema = z.object({
  version: z.number().int(),
  created_at: z.string(),
  created_by: z.string(),
  note: z.string().nullable(),
  characters: z.number().int(),
  restored_from: z.number().int().nullable(),
});
export type PrimeVersionSummary = z.infer<typeof primeVersionSummarySchema>;

export const primeVersionSchema = primeVersionSummarySchema.extend({ content: z.string() });
export type PrimeVersion = z.infer<typeof primeVersionSchema>;

export const primeHistoryQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .default(50)
    .transform((n) => Math.min(n, 500)),
  before: z.coerce.number().int().min(1).optional().describe('Only versions older than this one'),
});

export const primeVersionParams = z.object({ version: z.coerce.number().int().min(1) });

export const versionConflictSchema = z.object({
  error: z.literal('version_conflict'),
  message: z.string(),
  current_version: z.number().int(),
});
