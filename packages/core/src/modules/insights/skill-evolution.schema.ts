import { z } from 'zod';

export const skillEvolutionQuerySchema = z.object({
  weeks: z.coerce
    .number()
    .int()
    .min(1)
    .max(52)
    .default(12)
    .describe('How many weeks of capability evolution; default 12'),
});

const rateSchema = z.number().nullable().describe('0..1; null without finished calls');

export const compositeCandidateSchema = z.object({
  sequence: z.array(z.string()).describe('Skills run one after the other within one request'),
  support: z.number().int().describe('Requests that ran the sequence'),
  succeeded: z.number().int().describe('Requests in which one run of it had every step done'),
  success_rate: z.number(),
  confidence: z
    .number()
    .describe('P(last skill follows | the skills before it): support / support of the prefix'),
  level: z
    .string()
    .nullable()
    .describe('The highest capability level among its skills, so gating is kept'),
  examples: z.array(z.string()).describe('request_ids of traces that ran it'),
});

export const skillEvolutionSchema = z.object({
  mined_since: z.string(),
  mined_until: z.string(),
  thresholds: z.object({
    min_support: z.number().int(),
    min_success_rate: z.number(),
    min_confidence: z.number(),
    longest: z.number().int(),
  }),
  candidates: z.array(compositeCandidateSchema),
  weeks: z.array(z.string()).describe('Mondays (UTC, YYYY-MM-DD), oldest first'),
  skills: z.array(
    z.object({
      skill: z.string(),
      level: z.string().nullable(),
      calls: z.number().int(),
      weeks: z.array(
        z.object({
          week: z.string(),
          calls: z.number().int(),
          done: z.number().int(),
          errors: z.number().int(),
          denied: z.number().int(),
          success_rate: rateSchema,
          p50_ms: z.number().int().nullable(),
        }),
      ),
    }),
  ),
});
export type SkillEvolution = z.infer<typeof skillEvolutionSchema>;
export type CompositeCandidate = z.infer<typeof compositeCandidateSchema>;
