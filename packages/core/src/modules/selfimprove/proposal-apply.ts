import { unlink } from 'node:fs/promises';
import { AppError, ConflictError } from '../../errors/app-error.js';
import { createUnifiedDiff } from './diff-create.js';
import { compactTimestamp, type PatchStore, sha256 } from './patch-store.js';
import { blockedText, evaluateGate, type GateVerdict } from './safety-gate.js';
import type { SelfImproveRepository, StoredProposal } from './selfimprove.repository.js';
import type { ResolvedPath, SourceTree } from './source-tree.js';
import { checkSyntax, syntaxErrorText } from './syntax-check.js';
import { applyDiff, DiffError, parseUnifiedDiff } from './unified-diff.js';

export interface ApplyDependencies {
  tree: SourceTree;
  store: PatchStore;
  repository: SelfImproveRepository;
  pythonBin: string;
}

/** An apply the checks refused: the proposal stays pending and the refusal is audited. */
export class ApplyRefusedError extends AppError {
  constructor(
    status: number,
    text: string,
    readonly reason: 'syntax' | 'gate' | 'stale',
    readonly gate: GateVerdict | null,
  ) {
    // A syntax or gate refusal's text is the body's `error` itself (SPEC 7, DECISIONS).
    super(status, reason === 'stale' ? 'proposal_stale' : text, text, {
      ok: false,
      ...(gate ? { gate } : {}),
    });
  }
}

export interface ApplyOutcome {
  proposal: StoredProposal;
  resolved: ResolvedPath;
  gate: GateVerdict;
  patchName: string;
}

/**
 * The new file's text: the proposal's content when the file is still the one it was made
 * against; otherwise its diff applied to the file as it is now, so a change made meanwhile is
 * kept, not overwritten. A diff that no longer fits makes the proposal stale (409).
 */
function nextContent(proposal: StoredProposal, current: string | null): string {
  const base = current === null ? null : sha256(current);
  if (base === proposal.base_sha256) return proposal.content;
  const stale = (why: string) =>
    new ApplyRefusedError(
      409,
      `The file changed since this proposal was made and ${why}; dismiss it and propose again.`,
      'stale',
      null,
    );
  if ((current === null) !== (proposal.base_sha256 === null))
    throw stale(current === null ? 'it no longer exists' : 'it now exists');
  let next: string | null;
  try {
    next = applyDiff(current, parseUnifiedDiff(proposal.diff));
  } catch (error) {
    if (!(error instanceof DiffError)) throw error;
    next = null;
  }
  if (next === null) throw stale('its diff no longer applies');
  return next;
}

/**
 * SPEC 4 apply: syntax check (400), soft safety gate (422), timestamped backup, atomic write,
 * persisted patch with its .sha256 sidecar, status applied. Any failure after the first write
 * undoes what was written, so nothing is half-applied. The caller serializes applies.
 */
export async function applyProposal(
  deps: ApplyDependencies,
  proposal: StoredProposal,
  actor: string,
): Promise<ApplyOutcome> {
  const { tree, store, repository } = deps;
  const resolved = await tree.resolve(proposal.path, 'file', { allowMissing: true });
  const current = await tree.read(resolved);
  const content = nextContent(proposal, current);
  const diff = createUnifiedDiff(resolved.relative, current, content);
  if (diff === '')
    throw new ApplyRefusedError(409, 'The file already has this content.', 'stale', null);

  const problem = await checkSyntax(resolved.relative, content, deps.pythonBin);
  if (problem) throw new ApplyRefusedError(400, syntaxErrorText(problem), 'syntax', null);
  const gate = evaluateGate(resolved.relative, diff);
  if (gate.decision === 'BLOCK') throw new ApplyRefusedError(422, blockedText(gate), 'gate', gate);

  const now = new Date();
  const patchName = `${compactTimestamp(now)}_${proposal.proposal_id}`;
  let backupPath: string | null = null;
  let written = false;
  let patchFile: string | null = null;
  let done = false;
  const undo = async () => {
    if (written) {
      if (current === null) await tree.remove(resolved);
      else await tree.writeAtomic({ ...resolved, exists: true }, current);
      written = false;
    }
    if (patchFile) await store.discard(patchFile);
    if (backupPath) await unlink(backupPath).catch(() => {});
    patchFile = null;
    backupPath = null;
  };

  let applied: StoredProposal | null;
  try {
    applied = await repository.applyWhileLocked(
      proposal.proposal_id,
      () => ({
        decided_by: actor,
        applied_path: resolved.absolute,
        backup_path: backupPath,
        patch_name: patchName,
        diff,
        gate,
      }),
      async () => {
        try {
          // A new file has nothing to back up: its backup_path is null.
          if (resolved.exists) backupPath = await store.backup(resolved.absolute, now);
          await tree.writeAtomic(resolved, content);
          written = true;
          patchFile = await store.persist(patchName, diff);
          done = true;
        } catch (error) {
          await undo();
          throw error;
        }
      },
    );
  } catch (error) {
    // The files were written but the decision could not be stored: put everything back.
    if (done) await undo();
    throw error;
  }
  if (!applied) throw new ConflictError('invalid_transition', 'This proposal is no longer pending');
  return { proposal: applied, resolved, gate, patchName };
}
