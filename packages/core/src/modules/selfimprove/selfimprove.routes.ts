import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  applyResponse,
  createProposalBody,
  fileQuery,
  fileResponse,
  filesQuery,
  filesResponse,
  patchSchema,
  proposalIdParams,
  proposalListQuery,
  proposalSchema,
  proposalSummarySchema,
  rejectResponse,
} from './selfimprove.schema.js';
import type { Caller, SelfImproveService } from './selfimprove.service.js';

const caller = (request: FastifyRequest): Caller => ({
  actor: request.session?.user ?? 'unknown',
  requestId: request.id,
  origin: 'manual',
});

export async function selfImproveRoutes(
  app: FastifyInstance,
  { service }: { service: SelfImproveService },
): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['self-improve'];

  routes.get(
    '/api/self-improve/proposals',
    {
      schema: {
        tags,
        summary: 'Proposals, newest first (without the whole new file); ?status= filters',
        querystring: proposalListQuery,
        response: { 200: z.object({ proposals: z.array(proposalSummarySchema) }) },
      },
    },
    async (request) => ({
      proposals: await service.list(request.query.status, request.query.limit),
    }),
  );

  routes.post(
    '/api/self-improve/proposals',
    {
      schema: {
        tags,
        summary: 'Propose a change to one file of the source tree (content or a unified diff)',
        body: createProposalBody,
        response: { 201: proposalSchema },
      },
    },
    async (request, reply) => {
      const { path, content, diff, rationale } = request.body;
      const proposal = await service.propose({ path, content, diff, rationale }, caller(request));
      return reply.status(201).send(proposal);
    },
  );

  routes.get(
    '/api/self-improve/proposals/:proposal_id',
    {
      schema: {
        tags,
        summary: 'One proposal with its whole new file',
        params: proposalIdParams,
        response: { 200: proposalSchema },
      },
    },
    async (request) => service.get(request.params.proposal_id),
  );

  const applySchema = {
    params: proposalIdParams,
    response: { 200: applyResponse },
  };
  const apply = async (request: FastifyRequest<{ Params: { proposal_id: string } }>) =>
    service.apply(request.params.proposal_id, caller(request));
  routes.post(
    '/api/self-improve/:proposal_id/apply',
    {
      schema: {
        tags,
        summary:
          'Apply a pending proposal: syntax check (400), safety gate (422), backup, atomic write, persisted patch',
        ...applySchema,
      },
    },
    apply,
  );
  routes.post(
    '/api/:proposal_id/apply',
    {
      schema: {
        tags,
        summary: 'Alias of POST /api/self-improve/{proposal_id}/apply',
        ...applySchema,
      },
    },
    apply,
  );

  routes.post(
    '/api/self-improve/:proposal_id/reject',
    {
      schema: {
        tags,
        summary: 'Dismiss a pending proposal (409 when it is not pending)',
        params: proposalIdParams,
        response: { 200: rejectResponse },
      },
    },
    async (request) => ({
      ok: true as const,
      proposal: await service.reject(request.params.proposal_id, caller(request)),
    }),
  );

  routes.get(
    '/api/self-improve/patches',
    {
      schema: {
        tags,
        summary: 'Persisted patches, oldest first, with digests and what the last start did',
        response: { 200: z.object({ patches: z.array(patchSchema) }) },
      },
    },
    async () => ({ patches: await service.patches() }),
  );

  routes.get(
    '/api/self-improve/files',
    {
      schema: {
        tags,
        summary: 'Files and folders of one folder of the source tree (?dir=, default the root)',
        querystring: filesQuery,
        response: { 200: filesResponse },
      },
    },
    async (request) => service.listFiles(request.query.dir),
  );

  routes.get(
    '/api/self-improve/file',
    {
      schema: {
        tags,
        summary: 'One file of the source tree',
        querystring: fileQuery,
        response: { 200: fileResponse },
      },
    },
    async (request) => service.readFile(request.query.path),
  );
}
