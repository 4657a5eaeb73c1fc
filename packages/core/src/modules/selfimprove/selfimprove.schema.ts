import { z } from 'zod';
import { MAX_FILE_BYTES } from './source-tree.js';

export const proposalStatus = z.enum(['pending', 'applied', 'dismissed']);
export type ProposalStatus = z.infer<typeof proposalStatus>;
export const proposalOrigin = z.enum(['skill', 'manual']);

export const gateSchema = z.object({
  decision: z.enum(['ALLOW', 'WARN', 'BLOCK']),
  reasons: z.array(z.string()),
  patch_length: z.number().int().describe('Characters of the unified diff'),
  avg_line_length: z.number().describe('Mean length of the added lines'),
  is_large_patch: z.boolean().describe('patch_length > 2000'),
  is_dense_patch: z.boolean().describe('avg_line_length > 120'),
  critical_path: z.boolean(),
  weakening_patterns: z.array(z.string()),
});

const proposalFields = {
  proposal_id: z.string(),
  path: z.string().describe('Relative to the source tree'),
  status: proposalStatus,
  diff: z.string().describe('Unified diff against the file as it was when proposed'),
  rationale: z.string(),
  origin: proposalOrigin,
  gate: gateSchema.describe('The soft safety gate; computed when proposed and again at apply'),
  created_by: z.string(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  decided_by: z.string().nullable(),
  applied_path: z.string().nullable(),
  backup_path: z.string().nullable().describe('Null until applied, and for a new file'),
  error: z.string().nullable().describe('Why the last apply was refused'),
};

export const proposalSchema = z.object({
  ...proposalFields,
  content: z.string().describe('The whole new file'),
});
export type Proposal = z.infer<typeof proposalSchema>;

/** Lists leave the whole new file out; GET /proposals/{id} has it. */
export const proposalSummarySchema = z.object(proposalFields);
export type ProposalSummary = z.infer<typeof proposalSummarySchema>;

export const proposalIdParams = z.object({ proposal_id: z.string().min(1).max(64) });

export const proposalListQuery = z.object({
  status: proposalStatus.optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

export const createProposalBody = z
  .object({
    path: z.string().min(1).max(1024).describe('Relative to the source tree'),
    content: z.string().max(MAX_FILE_BYTES).optional().describe('The whole new file'),
    diff: z
      .string()
      .min(1)
      .max(MAX_FILE_BYTES)
      .optional()
      .describe('A unified diff of this one file, applied to it as it is now'),
    rationale: z.string().max(4000).default(''),
  })
  .refine((body) => (body.content === undefined) !== (body.diff === undefined), {
    message: 'give exactly one of content and diff',
    path: ['content'],
  });
export type CreateProposalBody = z.output<typeof createProposalBody>;

export const applyResponse = z.object({
  ok: z.literal(true),
  applied_path: z.string().describe('Absolute path of the file written'),
  backup_path: z
    .string()
    .nullable()
    .describe('<DATA_DIR>/src_patches/backup_<YYYYMMDDTHHMMSS>_<basename>; null for a new file'),
  gate: gateSchema.optional().describe('Present when the gate warned'),
});

export const rejectResponse = z.object({ ok: z.literal(true), proposal: proposalSchema });

export const filesQuery = z.object({ dir: z.string().max(1024).default('') });
export const fileQuery = z.object({ path: z.string().min(1).max(1024) });

export const filesResponse = z.object({
  dir: z.string(),
  entries: z.array(
    z.object({
      name: z.string(),
      path: z.string(),
      type: z.enum(['file', 'directory']),
      size: z.number().int().nullable(),
    }),
  ),
  truncated: z.boolean(),
});

export const fileResponse = z.object({
  path: z.string(),
  content: z.string(),
  size: z.number().int(),
  sha256: z.string(),
});

export const patchSchema = z.object({
  name: z.string().describe('<YYYYMMDDTHHMMSS>_<proposal_id>'),
  file: z.string().describe('Absolute path of the .patch file'),
  proposal_id: z.string().nullable(),
  path: z.string().nullable().describe('The file it changes'),
  sha256: z.string().nullable().describe('The digest its .sha256 sidecar holds'),
  digest_ok: z.boolean().describe('The patch file still matches its sidecar'),
  applied_at: z.string().nullable().describe('From the name, UTC'),
  last_start: z
    .enum(['reapplied', 'already_applied', 'skipped', 'not_yet'])
    .describe('What the last start did with it; not_yet: persisted after that start'),
  last_start_reason: z.string().nullable(),
});
export type PatchView = z.infer<typeof patchSchema>;
