import { z } from 'zod';

export const identitySchema = z.object({
  name: z.string(),
  born_at: z.string(),
  total_xp: z.number().int(),
  level: z.number().int().describe('1 + floor(sqrt(total_xp / 25))'),
  next_level_xp: z.number().int().describe('total_xp at which the next level starts'),
  persona: z.string(),
});
export type Identity = z.infer<typeof identitySchema>;

export const identityPatchSchema = z
  .object({
    name: z.string().trim().min(1).max(64).optional(),
    persona: z.string().max(4000).optional(),
  })
  .refine((patch) => patch.name !== undefined || patch.persona !== undefined, {
    message: 'send name or persona',
  });

/** XP per level grows with the level: level n starts at 25 * (n - 1)^2. */
export function levelFor(totalXp: number): { level: number; nextLevelXp: number } {
  const level = Math.floor(Math.sqrt(Math.max(0, totalXp) / 25)) + 1;
  return { level, nextLevelXp: 25 * level * level };
}

/** XP for completed work: a request answered, and each skill that ran to completion in it. */
export const XP = { request: 1, skill: 2 } as const;
