import { z } from 'zod';
import { patternProblem } from './regex-safety.js';

export const MIN_FIRING_CONFIDENCE = 0.5;

const keyword = z
  .string()
  .trim()
  .min(1)
  .max(60)
  .refine((word) => /[\p{L}\p{N}]/u.test(word), 'must contain a letter or digit');

export const triggerSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('always') }),
  z.object({
    type: z.literal('keywords'),
    keywords: z
      .array(keyword)
      .min(1)
      .max(20)
      .describe('Fires when the request contains any of them as whole words (case-insensitive)'),
  }),
  z.object({
    type: z.literal('regex'),
    pattern: z
      .string()
      .superRefine((pattern, ctx) => {
        const problem = patternProblem(pattern);
        if (problem) ctx.addIssue({ code: 'custom', message: `pattern ${problem}` });
      })
      .describe('Case-insensitive, Unicode; tested against the first 2000 characters'),
  }),
]);
export type Trigger = z.infer<typeof triggerSchema>;

export const ruleSource = z.enum(['operator', 'correction', 'agent']);
export type RuleSource = z.infer<typeof ruleSource>;

const ruleText = z.string().trim().min(1).max(500);
const confidence = z.number().min(0).max(1);

export const ruleSchema = z.object({
  rule_id: z.string(),
  text: z.string(),
  trigger: triggerSchema,
  source: ruleSource,
  confidence: z.number(),
  enabled: z.boolean(),
  hit_count: z.number().int(),
  last_hit_at: z.string().nullable(),
  created_by: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Rule = z.infer<typeof ruleSchema>;

export const proposalStatus = z.enum(['pending', 'approved', 'rejected']);

export const proposalSchema = z.object({
  proposal_id: z.string(),
  text: z.string().describe('The rule it would become'),
  trigger: triggerSchema,
  source: z.literal('correction'),
  confidence: z.number(),
  correction: z.string().describe("The operator's message it was learned from, redacted"),
  chat_id: z.string().nullable(),
  created_by: z.string(),
  status: proposalStatus,
  rule_id: z.string().nullable().describe('The rule made on approval'),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  decided_by: z.string().nullable(),
});
export type Proposal = z.infer<typeof proposalSchema>;

export const ruleCreateSchema = z.object({
  text: ruleText,
  trigger: triggerSchema.default({ type: 'always' }),
  confidence: confidence.default(1),
  enabled: z.boolean().default(true),
});
export type RuleCreate = z.output<typeof ruleCreateSchema>;

export const rulePatchSchema = z
  .object({
    text: ruleText.optional(),
    trigger: triggerSchema.optional(),
    confidence: confidence.optional(),
    enabled: z.boolean().optional(),
  })
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), {
    message: 'send at least one of text, trigger, confidence, enabled',
  });
export type RulePatch = z.output<typeof rulePatchSchema>;

export const approveSchema = z
  .object({
    text: ruleText.optional(),
    trigger: triggerSchema.optional(),
    confidence: confidence.optional(),
  })
  // No body at all (null here) approves the proposal as it stands.
  .nullish();
export type ProposalEdits = NonNullable<z.output<typeof approveSchema>>;

const booleanQuery = z.enum(['true', 'false']).transform((value) => value === 'true');

export const ruleListQuery = z.object({
  enabled: booleanQuery.optional(),
  source: ruleSource.optional(),
  q: z.string().trim().max(200).optional().describe('Text the rule contains (case-insensitive)'),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .default(200)
    .transform((n) => Math.min(n, 1000)),
});
export type RuleFilter = z.output<typeof ruleListQuery>;

export const pendingQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .default(100)
    .transform((n) => Math.min(n, 500)),
});

export const ruleParams = z.object({ rule_id: z.string().min(1).max(64) });
export const proposalParams = z.object({ proposal_id: z.string().min(1).max(64) });

export const okSchema = z.object({ ok: z.literal(true) });
