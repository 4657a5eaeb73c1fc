import { z } from 'zod';
import { limitSchema } from '../../http/paging.js';

export const SEARCH_TEXT_MAX = 200;

export const searchQuerySchema = z.object({
  q: z.string().trim().min(1).max(SEARCH_TEXT_MAX).describe('What to look for'),
  limit: limitSchema(5, 20).describe('Most results per source (default 5, at most 20)'),
  sources: z
    .string()
    .optional()
    .transform((text) =>
      text
        ?.split(',')
        .map((name) => name.trim())
        .filter(Boolean),
    )
    .describe('Comma-separated source names to ask; all by default'),
});

export const searchResultSchema = z.object({
  id: z.string(),
  title: z.string(),
  detail: z.string().nullable().describe('A second line: status, excerpt or counts'),
  url: z.string().describe('The dashboard path that shows the record'),
  at: z.string().nullable().describe('When the record last changed (ISO 8601), if it has a time'),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const searchGroupSchema = z.object({
  source: z.string(),
  label: z.string(),
  results: z.array(searchResultSchema),
  error: z
    .enum(['source_failed', 'source_timeout'])
    .nullable()
    .describe('Set when this source could not answer; the other groups are still complete'),
});
export type SearchGroup = z.infer<typeof searchGroupSchema>;

export const searchResponseSchema = z.object({
  query: z.string(),
  groups: z.array(searchGroupSchema),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;

export const searchSourcesResponseSchema = z.object({
  sources: z.array(z.object({ source: z.string(), label: z.string() })),
});
