import { z } from 'zod';
import { AppError } from '../../errors/app-error.js';
import { defineSkill, SkillError, type SkillOutput } from '../skills/skill.js';
import type { SelfImproveService } from './selfimprove.service.js';

/** Characters of a file the model reads in one call; longer files are cut with a note. */
const READ_CHARS = 40_000;
const SHOWN_DIFF_CHARS = 4_000;

const requestSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('list'), dir: z.string().max(1024).default('') }),
  z.object({ action: z.literal('read'), path: z.string().min(1).max(1024) }),
  z.object({
    action: z.literal('propose'),
    path: z.string().min(1).max(1024),
    content: z.string().max(1024 * 1024),
    rationale: z.string().min(1).max(4000),
  }),
]);
export type SelfImproveRequest = z.infer<typeof requestSchema>;

/** One flat object for the model (providers refuse a top-level union); the union checks it. */
const inputSchema = z
  .object({
    action: z
      .enum(['list', 'read', 'propose'])
      .describe('list (dir?). read (path). propose (path, content, rationale).'),
    dir: z.string().optional().describe('folder relative to the source root; default root'),
    path: z.string().optional().describe('file relative to the source root'),
    content: z.string().optional().describe('whole new file text'),
    rationale: z.string().optional().describe('why, in 1-2 sentences'),
  })
  .pipe(requestSchema);

/** Refusals (path outside the tree, bad proposal) become errors the model can read. */
async function readable<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError && error.status < 500)
      throw new SkillError(error.message, error.code);
    throw error;
  }
}

const cut = (text: string, limit: number) =>
  text.length > limit
    ? `${text.slice(0, limit)}\n[... ${text.length - limit} more characters]`
    : text;

/**
 * The self_improve skill (PRIVILEGED, SPEC's capability table): list and read the runtime's own
 * source, and propose a change. It never applies one: the operator reviews the diff and the
 * safety gate's verdict on the Self-improve page and applies or rejects it there.
 */
export function createSelfImproveSkill(service: SelfImproveService) {
  return defineSkill<SelfImproveRequest>({
    name: 'self_improve',
    description:
      "Reads the runtime's own source and proposes whole-file changes; only the operator " +
      'applies them.',
    level: 'PRIVILEGED',
    inputSchema,
    async execute(input, context): Promise<SkillOutput> {
      if (input.action === 'list') {
        const listing = await readable(() => service.listFiles(input.dir));
        const lines = listing.entries.map((entry) =>
          entry.type === 'directory' ? `${entry.path}/` : `${entry.path} (${entry.size} bytes)`,
        );
        const where = listing.dir || '(root)';
        return {
          text: `${where}: ${lines.length} entries${listing.truncated ? ' (more not shown)' : ''}\n${lines.join('\n')}`,
          data: { dir: listing.dir, entries: listing.entries.length },
          audit: { target: listing.dir || '.' },
        };
      }
      if (input.action === 'read') {
        const file = await readable(() => service.readFile(input.path));
        return {
          text: `${file.path} (${file.size} bytes)\n\n${cut(file.content, READ_CHARS)}`,
          data: { path: file.path, size: file.size, sha256: file.sha256 },
          audit: { target: file.path },
        };
      }
      const proposal = await readable(() =>
        service.propose(
          { path: input.path, content: input.content, rationale: input.rationale },
          { actor: context.actor, requestId: context.requestId, origin: 'skill' },
        ),
      );
      return {
        text:
          `Proposal ${proposal.proposal_id} for ${proposal.path} is waiting for the operator ` +
          `(safety gate: ${proposal.gate.decision}). It takes effect only after they apply it ` +
          'on the Self-improve page and the runtime restarts.',
        data: { proposal_id: proposal.proposal_id, path: proposal.path, gate: proposal.gate },
        audit: { target: proposal.path },
      };
    },
    async simulate(input) {
      if (input.action !== 'propose') {
        const target = input.action === 'list' ? input.dir || '(root)' : input.path;
        return {
          summary: `Would ${input.action === 'list' ? 'list the folder' : 'read the file'} ${target} of the source tree.`,
          details: { action: input.action, target },
          warnings: [],
        };
      }
      const preview = await readable(() =>
        service.preview({ path: input.path, content: input.content, rationale: input.rationale }),
      );
      const { gate } = preview;
      return {
        summary:
          `Would propose ${preview.newFile ? 'a new file' : 'a change to'} ${preview.path}: ` +
          `+${preview.added} -${preview.removed} lines; safety gate ${gate.decision}. ` +
          'Nothing is written until the operator applies the proposal.',
        details: {
          path: preview.path,
          added: preview.added,
          removed: preview.removed,
          gate,
          diff: cut(preview.diff, SHOWN_DIFF_CHARS),
        },
        warnings: gate.decision === 'ALLOW' ? [] : gate.reasons,
      };
    },
  });
}
