import { z } from 'zod';

export const resetRequestSchema = z.object({
  confirm: z.string().max(200).describe('The phrase RESET AGENT, typed exactly'),
});

const named = z.object({ name: z.string(), what: z.string() });

export const resetPlanSchema = z.object({
  phrase: z.string(),
  running: z.boolean(),
  steps: z.array(z.object({ step: z.number().int(), name: z.string(), description: z.string() })),
  tables: z.array(z.object({ name: z.string(), rows: z.number().int() })),
  kv_patterns: z.array(z.string()),
  queues: z.array(z.string()),
  job_queues: z.array(z.string()),
  held_records: z.array(
    z.object({ name: z.string(), handling: z.enum(['cleared', 'fenced']), what: z.string() }),
  ),
  epoch: z.number().int().describe('Resets that have wiped the cognitive tables so far'),
  reset: z.array(named),
  survives: z.object({
    tables: z.array(named),
    kv: z.array(z.object({ pattern: z.string(), what: z.string() })),
    files: z.array(z.object({ path: z.string(), what: z.string() })),
    job_queues: z.array(named),
  }),
  last_run: z
    .object({
      run_id: z.string(),
      status: z.enum(['running', 'done', 'failed']),
      actor: z.string(),
      started_at: z.string(),
      finished_at: z.string().nullable(),
      error: z.string().nullable(),
    })
    .nullable(),
});
