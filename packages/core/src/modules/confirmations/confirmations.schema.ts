import { z } from 'zod';

export const confirmationStatus = z.enum(['pending', 'approved', 'denied']);

export const confirmationSchema = z.object({
  confirmation_id: z.string(),
  request_id: z.string(),
  chat_id: z.string().nullable(),
  goal_id: z.string().nullable(),
  skill: z.string(),
  level: z.string(),
  input: z.unknown().describe('The call, secrets redacted'),
  simulation: z
    .object({
      summary: z.string(),
      details: z.record(z.string(), z.unknown()),
      warnings: z.array(z.string()),
    })
    .nullable()
    .describe('Dry-run preview, for RESTRICTED and PRIVILEGED skills'),
  tainted_by: z
    .array(z.string())
    .nullable()
    .describe(
      'The untrusted sources (web pages, mail, tool output) the run had read when it asked; null when the autonomy mode alone asked',
    ),
  taint_evidence: z
    .array(
      z.object({
        source: z.string(),
        flagged: z.boolean().describe('The input guard found injection signals in it'),
        signals: z.array(z.string()),
        excerpt: z
          .string()
          .nullable()
          .describe('The flagged part, invisible characters and hidden page text made visible'),
      }),
    )
    .nullable()
    .describe(
      'What the input guard found in each source of tainted_by; approving when any is flagged needs acknowledge_warning',
    ),
  status: confirmationStatus,
  created_at: z.string(),
  expires_at: z.string(),
  decided_at: z.string().nullable(),
  decided_by: z.string().nullable().describe('User name, or timeout / cancelled'),
});
export type Confirmation = z.infer<typeof confirmationSchema>;

export const confirmationListQuery = z.object({
  status: confirmationStatus.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const confirmationIdParams = z.object({ confirmation_id: z.string().min(1).max(64) });

export const decisionResponse = z.object({ ok: z.literal(true), confirmation: confirmationSchema });

export const decisionBody = z
  .object({
    acknowledge_warning: z
      .boolean()
      .optional()
      .describe(
        'Required (true) to approve a call that follows content the input guard flagged: the operator read the warning',
      ),
  })
  .nullish();
