import { ConflictError, NotFoundError, ValidationError } from '../../errors/app-error.js';
import { uuidv7 } from '../../util/uuid-v7.js';
import type { AuditService } from '../audit/audit.plugin.js';
import type { RuntimeEvents } from '../events/runtime-events.js';
import { createUnifiedDiff } from './diff-create.js';
import { patchView, type ReplayOutcome } from './patch-replay.js';
import { type PatchStore, sha256 } from './patch-store.js';
import { ApplyRefusedError, applyProposal } from './proposal-apply.js';
import { evaluateGate, type GateVerdict } from './safety-gate.js';
import type { SelfImproveRepository, StoredProposal } from './selfimprove.repository.js';
import type { PatchView, Proposal, ProposalStatus, ProposalSummary } from './selfimprove.schema.js';
import { MAX_FILE_BYTES, PathRefusedError, type SourceTree } from './source-tree.js';
import { applyDiff, DiffError, diffStats, parseUnifiedDiff } from './unified-diff.js';

export interface ProposalInput {
  path: string;
  content?: string | undefined;
  diff?: string | undefined;
  rationale: string;
}

/** Who asks, for audit rows: the operator's name or the agent's actor, and the request. */
export interface Caller {
  actor: string;
  requestId?: string | null;
  origin?: 'skill' | 'manual';
}

export interface ProposalPreview {
  path: string;
  diff: string;
  gate: GateVerdict;
  added: number;
  removed: number;
  newFile: boolean;
}

export interface ApplyResult {
  ok: true;
  applied_path: string;
  backup_path: string | null;
  gate?: GateVerdict;
}

export interface SelfImproveOptions {
  tree: SourceTree;
  store: PatchStore;
  repository: SelfImproveRepository;
  audit: AuditService;
  events: RuntimeEvents;
  pythonBin: string;
  /** What the re-apply at this process's start did, by patch name. */
  startup: Map<string, ReplayOutcome>;
}

const publicProposal = ({ base_sha256: _base, ...proposal }: StoredProposal): Proposal => proposal;

/**
 * Self-improve: proposals for the runtime's own source, the operator's apply or reject, and the
 * persisted patches. Other modules use it through `app.selfImprove`.
 */
export class SelfImproveService {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: SelfImproveOptions) {}

  get tree(): SourceTree {
    return this.options.tree;
  }

  /** The diff and gate verdict a proposal would have, without storing it (the skill's dry run). */
  async preview(
    input: ProposalInput,
  ): Promise<ProposalPreview & { content: string; base: string | null }> {
    const { tree } = this.options;
    const resolved = await tree.resolve(input.path, 'file', { allowMissing: true });
    const current = await tree.read(resolved);
    const field = input.diff !== undefined ? '/diff' : '/content';
    let content: string;
    if (input.diff !== undefined) {
      let next: string | null;
      try {
        next = applyDiff(current, parseUnifiedDiff(input.diff));
      } catch (error) {
        if (!(error instanceof DiffError)) throw error;
        throw new ValidationError(`The diff cannot be read: ${error.message}`, [
          { path: field, message: error.message },
        ]);
      }
      if (next === null)
        throw new ValidationError('The diff does not apply to the file as it is now', [
          { path: field, message: 'does not apply to the current file' },
        ]);
      content = next;
    } else {
      content = input.content ?? '';
    }
    if (Buffer.byteLength(content) > MAX_FILE_BYTES)
      throw new ValidationError('The new file is too large', [
        { path: field, message: `over ${MAX_FILE_BYTES} bytes` },
      ]);
    const diff = createUnifiedDiff(resolved.relative, current, content);
    if (diff === '')
      throw new ValidationError('The proposal changes nothing', [
        { path: field, message: 'the file already has this content' },
      ]);
    return {
      path: resolved.relative,
      diff,
      gate: evaluateGate(resolved.relative, diff),
      ...diffStats(diff),
      newFile: current === null,
      content,
      base: current === null ? null : sha256(current),
    };
  }

  async propose(input: ProposalInput, caller: Caller): Promise<Proposal> {
    const preview = await this.preview(input);
    const proposal = await this.options.repository.insert({
      proposal_id: uuidv7(),
      path: preview.path,
      diff: preview.diff,
      content: preview.content,
      rationale: input.rationale,
      origin: caller.origin ?? 'manual',
      base_sha256: preview.base,
      gate: preview.gate,
      created_by: caller.actor,
    });
    this.audit('selfimprove.propose', caller, proposal, {
      origin: proposal.origin,
      added: preview.added,
      removed: preview.removed,
      new_file: preview.newFile,
      gate: proposal.gate,
    });
    this.changed(proposal);
    return publicProposal(proposal);
  }

  async get(id: string): Promise<Proposal> {
    return publicProposal(await this.find(id));
  }

  list(
    status: ProposalStatus | undefined,
    limit: number,
    text?: string,
  ): Promise<ProposalSummary[]> {
    return this.options.repository.list(status, limit, text);
  }

  /** The operator's apply; see proposal-apply.ts. Applies run one at a time in this process. */
  apply(id: string, caller: Caller): Promise<ApplyResult> {
    const run = this.queue.then(() => this.applyNow(id, caller));
    this.queue = run.catch(() => {});
    return run;
  }

  private async applyNow(id: string, caller: Caller): Promise<ApplyResult> {
    const proposal = await this.find(id);
    if (proposal.status !== 'pending')
      throw new ConflictError('invalid_transition', `This proposal is already ${proposal.status}`);
    try {
      const outcome = await applyProposal(this.options, proposal, caller.actor);
      const result: ApplyResult = {
        ok: true,
        applied_path: outcome.resolved.absolute,
        backup_path: outcome.proposal.backup_path,
        ...(outcome.gate.decision === 'WARN' ? { gate: outcome.gate } : {}),
      };
      this.audit('selfimprove.apply', caller, outcome.proposal, {
        applied_path: result.applied_path,
        backup_path: result.backup_path,
        patch: outcome.patchName,
        gate: outcome.gate,
      });
      this.changed(outcome.proposal);
      return result;
    } catch (error) {
      if (error instanceof ApplyRefusedError || error instanceof PathRefusedError) {
        const gate = error instanceof ApplyRefusedError ? error.gate : null;
        const reason = error instanceof ApplyRefusedError ? error.reason : 'path_refused';
        await this.options.repository.recordRefusal(id, error.message, gate);
        this.audit(
          'selfimprove.apply_refused',
          caller,
          proposal,
          { reason, ...(gate ? { gate } : {}) },
          error.message,
        );
      }
      throw error;
    }
  }

  async reject(id: string, caller: Caller): Promise<Proposal> {
    const dismissed = await this.options.repository.dismiss(id, caller.actor);
    if (!dismissed) {
      const proposal = await this.find(id);
      throw new ConflictError('invalid_transition', `This proposal is already ${proposal.status}`);
    }
    this.audit('selfimprove.reject', caller, dismissed, { gate: dismissed.gate });
    this.changed(dismissed);
    return publicProposal(dismissed);
  }

  listFiles(dir: string) {
    return this.options.tree.list(dir);
  }

  /** A file of the tree with its size and digest (404 when it does not exist). */
  async readFile(
    file: string,
  ): Promise<{ path: string; content: string; size: number; sha256: string }> {
    const resolved = await this.options.tree.resolve(file, 'file');
    const content = (await this.options.tree.read(resolved)) ?? '';
    return {
      path: resolved.relative,
      content,
      size: Buffer.byteLength(content),
      sha256: sha256(content),
    };
  }

  /** The persisted patches, oldest first, with their digests and what the last start did. */
  async patches(): Promise<PatchView[]> {
    const stored = await this.options.store.list();
    return stored.map((patch) => patchView(patch, this.options.startup.get(patch.name)));
  }

  private async find(id: string): Promise<StoredProposal> {
    const proposal = await this.options.repository.get(id);
    if (!proposal) throw new NotFoundError('No such proposal');
    return proposal;
  }

  private audit(
    action: string,
    caller: Caller,
    proposal: StoredProposal,
    detail: Record<string, unknown>,
    error: string | null = null,
  ): void {
    this.options.audit.record({
      action,
      actor: caller.actor,
      target: proposal.path,
      detail: { proposal_id: proposal.proposal_id, ...detail },
      error,
      request_id: caller.requestId ?? null,
    });
  }

  private changed(proposal: StoredProposal): void {
    this.options.events.emit('proposal-change', {
      proposal_id: proposal.proposal_id,
      path: proposal.path,
      status: proposal.status,
    });
  }
}
