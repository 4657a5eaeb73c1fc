import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../errors/app-error.js';
import { openSse } from '../../http/sse.js';
import { jobsSchemaFor } from '../jobs/jobs.plugin.js';
import { resetPlanSchema, resetRequestSchema } from './reset.schema.js';
import { CONFIRM_PHRASE, ResetService } from './reset.service.js';
import { ResetEngine } from './reset-engine.js';
import { ResetJournal } from './reset-journal.js';

declare module 'fastify' {
  interface FastifyInstance {
    panicReset: ResetService;
  }
}

export interface ResetPluginOptions {
  /** Runs after each completed step (tests hold or stop a reset there). */
  afterStep?: (step: number) => Promise<void>;
}

/** Panic Reset: the plan, the streamed run, and the resume of a run a killed process left. */
export const resetPlugin = fp(
  async (app: FastifyInstance, options: ResetPluginOptions) => {
    const log = app.log.child({ module: 'reset' });
    const journal = new ResetJournal(app.sql.db);
    const engine = new ResetEngine({
      sql: app.sql,
      kv: app.kv,
      journal,
      fence: app.resetFence,
      jobsSchema: jobsSchemaFor(app.sql.schema),
      log,
      ...(options.afterStep ? { afterStep: options.afterStep } : {}),
    });
    const service = new ResetService({
      sql: app.sql,
      engine,
      journal,
      gate: app.resetGate,
      fence: app.resetFence,
      log,
    });
    app.decorate('panicReset', service);
    // Rules are cached per process; every replica forgets them once a reset finished.
    app.resetGate.onWiped(() => app.behavioral.changed());

    const routes = app.withTypeProvider<ZodTypeProvider>();
    routes.get(
      '/api/reset/plan',
      {
        schema: {
          tags: ['reset'],
          summary: 'What a Panic Reset wipes, what it resets and what survives',
          response: { 200: resetPlanSchema },
        },
      },
      async () => service.plan(),
    );
    routes.post(
      '/api/reset',
      {
        schema: {
          tags: ['reset'],
          summary: 'Run a Panic Reset; streams step events, then done (text/event-stream)',
          body: resetRequestSchema,
        },
      },
      async (request, reply) => {
        if (request.body.confirm !== CONFIRM_PHRASE)
          throw new AppError(
            400,
            'confirmation_mismatch',
            `Type the phrase ${CONFIRM_PHRASE} exactly to confirm`,
          );
        const active = await service.start(request.session?.user ?? 'unknown');
        const stream = openSse(request, reply);
        // The server owns the run: a client that goes away does not stop it.
        const unsubscribe = active.subscribe((progress) => {
          const { type, ...data } = progress;
          stream.send(type, data);
          if (type === 'done') stream.close();
        });
        stream.onEnd(unsubscribe);
      },
    );

    // Before listening (app.listen readies first): finish a reset a killed process left.
    app.addHook('onReady', async () => {
      await service.resumePending();
    });
  },
  {
    name: 'reset',
    dependencies: ['context', 'reset-gate', 'jobs', 'behavioral'],
  },
);
