import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CustomSkills } from './custom-skills/custom-skills.service.js';
import type { Sandbox } from './sandbox.service.js';

export const isolationSchema = z.object({
  mode: z.enum(['bubblewrap', 'uid', 'none']),
  uid: z.number().int().describe('The user sandboxed programs run as'),
  reason: z.string().describe('What the isolation means, in words'),
});

const customSkillSchema = z.object({
  name: z.string().describe('The folder name (which the manifest name must equal)'),
  path: z.string(),
  language: z.string().nullable(),
  level: z.string().nullable(),
  description: z.string().nullable(),
  loaded: z.boolean(),
  error: z.string().nullable().describe('Why the skill is not loaded; null when it is'),
});
const customSkillList = z.object({
  folder: z.string().describe('DATA_DIR/skills'),
  skills: z.array(customSkillSchema),
});

export async function sandboxRoutes(
  app: FastifyInstance,
  { sandbox, customSkills }: { sandbox: Sandbox; customSkills: CustomSkills },
): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/api/sandbox',
    {
      schema: {
        tags: ['sandbox'],
        summary: 'How shell, python_exec and custom skills are isolated (bubblewrap, uid, none)',
        response: { 200: isolationSchema },
      },
    },
    async () => sandbox.isolation(),
  );
  routes.get(
    '/api/custom-skills',
    {
      schema: {
        tags: ['sandbox'],
        summary: 'Custom skill folders under DATA_DIR/skills: loaded, or why not',
        response: { 200: customSkillList },
      },
    },
    async () => ({ folder: customSkills.folder, skills: customSkills.list() }),
  );
  routes.post(
    '/api/custom-skills/reload',
    {
      schema: {
        tags: ['sandbox'],
        summary: 'Load the custom skill folders again now (they also reload on change)',
        response: { 200: customSkillList },
      },
    },
    async (request) => {
      const skills = await customSkills.reload();
      app.audit.record({
        action: 'custom_skills.reload',
        actor: request.session?.user ?? 'unknown',
        target: customSkills.folder,
        detail: {
          loaded: skills.filter((s) => s.loaded).map((s) => s.name),
          failed: skills.filter((s) => !s.loaded).map((s) => s.name),
        },
        request_id: request.id,
      });
      return { folder: customSkills.folder, skills };
    },
  );
}
