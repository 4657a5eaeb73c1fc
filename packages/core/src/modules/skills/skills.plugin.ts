import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SafeFetcher } from '../../net/safe-fetch.js';
import { createSsrfGuard } from '../../net/ssrf.js';
import { BrowserPool } from '../browser/browser-pool.js';
import { AUTONOMY_MODES, autonomyModeSchema, needsConfirmation } from './autonomy.js';
import { AutonomyService } from './autonomy.service.js';
import { createBrowserSkill } from './builtin/browser.skill.js';
import { createCalculateSkill } from './builtin/calculate.skill.js';
import { createDatetimeSkill } from './builtin/datetime.skill.js';
import { createFetchUrlSkill } from './builtin/fetch-url.skill.js';
import { createHttpRequestSkill } from './builtin/http-request.skill.js';
import { createSystemInfoSkill } from './builtin/system-info.skill.js';
import { createWebSearchSkill } from './builtin/web-search.skill.js';
import { behindFlag } from './flagged-skill.js';
import { CAPABILITY_LEVELS } from './skill.js';
import { SkillRegistry } from './skill-registry.js';

declare module 'fastify' {
  interface FastifyInstance {
    skills: SkillRegistry;
    autonomy: AutonomyService;
  }
}

const isolationSchema = z
  .object({
    mode: z.enum(['bubblewrap', 'uid', 'none']),
    uid: z.number().int(),
    reason: z.string(),
  })
  .describe('How shell, python_exec and custom skills are isolated');

const skillSchema = z.object({
  name: z.string(),
  description: z.string(),
  level: z.enum(CAPABILITY_LEVELS),
  available: z.boolean(),
  unavailable_reason: z.string().nullable(),
  needs_confirmation: z.boolean().describe('Under the current autonomy mode'),
  input_schema: z.unknown(),
});
const modeResponse = z.object({ mode: autonomyModeSchema, modes: z.array(autonomyModeSchema) });

export const skillsPlugin = fp(
  async (app: FastifyInstance) => {
    const { skills: config } = app.config;
    const guard = createSsrfGuard({ allowlist: config.ssrfAllowlist });
    const fetcher = new SafeFetcher({
      guard,
      maxBytes: config.fetchMaxBytes,
      timeoutMs: config.fetchTimeoutMs,
    });
    const browserPool = new BrowserPool({
      guard,
      chromiumPath: config.chromiumPath,
      maxSessions: config.browserMaxSessions,
      timeoutMs: config.fetchTimeoutMs,
      sessions: app.pressure.work('browser_sessions'),
    });
    app.addHook('onClose', async () => {
      await browserPool.close();
      await fetcher.close();
    });
    app.health.setBrowserProbe(() => browserPool.health());

    const registry = new SkillRegistry();
    registry.register(createCalculateSkill());
    registry.register(createDatetimeSkill());
    registry.register(createSystemInfoSkill({ version: app.serviceVersion }));
    registry.register(createFetchUrlSkill({ fetcher }));
    registry.register(createHttpRequestSkill({ fetcher, guard }));
    const webSearch = createWebSearchSkill({
      fetcher,
      searxngUrl: config.searxngUrl,
      braveApiKey: config.braveApiKey,
      braveSearchUrl: config.braveSearchUrl,
    });
    registry.register(behindFlag(webSearch, 'web_search', app.configuration));
    registry.register(
      behindFlag(createBrowserSkill({ pool: browserPool }), 'browser', app.configuration),
    );
    const autonomy = new AutonomyService(app.settings, app.audit, app.events);
    app.decorate('skills', registry);
    app.decorate('autonomy', autonomy);

    const routes = app.withTypeProvider<ZodTypeProvider>();
    routes.get(
      '/api/skills',
      {
        schema: {
          tags: ['skills'],
          summary: 'Installed skills with their capability levels, availability and input schema',
          response: {
            200: z.object({
              mode: autonomyModeSchema,
              isolation: isolationSchema,
              skills: z.array(skillSchema),
            }),
          },
        },
      },
      async () => {
        const mode = await autonomy.mode();
        const views = await registry.views();
        return {
          mode,
          // The sandbox plugin registers after this one; by the first request it is there.
          isolation: app.sandbox.isolation(),
          skills: views.map((view) => ({
            ...view,
            needs_confirmation: needsConfirmation(view.level, mode),
          })),
        };
      },
    );
    routes.get(
      '/api/autonomy',
      {
        schema: {
          tags: ['skills'],
          summary: 'The autonomy mode (SEMI, MANUAL or FULL)',
          response: { 200: modeResponse },
        },
      },
      async () => ({ mode: await autonomy.mode(), modes: [...AUTONOMY_MODES] }),
    );
    routes.put(
      '/api/autonomy',
      {
        schema: {
          tags: ['skills'],
          summary: 'Change the autonomy mode (audited)',
          body: z.object({ mode: autonomyModeSchema }),
          response: { 200: modeResponse },
        },
      },
      async (request) => ({
        mode: await autonomy.setMode(
          request.body.mode,
          request.session?.user ?? 'unknown',
          request.id,
        ),
        modes: [...AUTONOMY_MODES],
      }),
    );
  },
  {
    name: 'skills',
    dependencies: ['context', 'audit', 'settings', 'events', 'health', 'configuration'],
  },
);
