import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_APP_SRC_DIR } from '../../config/governance.config.js';
import type { Config } from '../../config/index.js';
import { PatchStore, type StoredPatch } from './patch-store.js';
import type { PatchView } from './selfimprove.schema.js';
import { SourceTree } from './source-tree.js';
import { applyDiff, parseUnifiedDiff, reverseDiff } from './unified-diff.js';

export type ReplayStatus = 'reapplied' | 'already_applied' | 'skipped';

export interface ReplayOutcome {
  status: ReplayStatus;
  /** Why a patch was skipped. */
  reason: string | null;
  path: string | null;
}

/** The source tree patches apply to (APP_SRC_DIR) and the persisted patches (DATA_DIR). */
export function openPatchReplay(config: Config): { store: PatchStore; tree: SourceTree } {
  return {
    store: new PatchStore(path.resolve(config.storage.dataDir, 'src_patches')),
    tree: new SourceTree(path.resolve(config.governance.appSrcDir ?? DEFAULT_APP_SRC_DIR)),
  };
}

/**
 * Re-applies every persisted patch in order, as at each start (SPEC: persisted patches survive
 * rebuilds). A patch whose digest does not match its sidecar is skipped with a warning naming
 * it; one already in the file is left as is; one that no longer fits is skipped with a warning.
 * Nothing here stops the start: a skipped patch is reported, not fatal.
 */
export async function replayPatches(
  store: PatchStore,
  tree: SourceTree,
  log: FastifyBaseLogger,
): Promise<Map<string, ReplayOutcome>> {
  const outcomes = new Map<string, ReplayOutcome>();
  const skip = (name: string, file: string, reason: string, target: string | null) => {
    log.warn({ patch: file, reason }, `self-improve patch ${file} skipped: ${reason}`);
    outcomes.set(name, { status: 'skipped', reason, path: target });
  };
  for (const patch of await store.list()) {
    if (patch.recordedDigest === null) {
      skip(patch.name, patch.file, 'its .sha256 sidecar is missing', null);
      continue;
    }
    if (patch.recordedDigest !== patch.actualDigest) {
      skip(patch.name, patch.file, 'digest mismatch (the patch or its sidecar was changed)', null);
      continue;
    }
    let target: string | null = null;
    try {
      const diff = parseUnifiedDiff(patch.text);
      target = diff.newPath ?? diff.oldPath;
      if (!target) throw new Error('the patch names no file');
      const resolved = await tree.resolve(target, 'file', { allowMissing: true });
      const current = await tree.read(resolved);
      // Checked first: a patch that only adds lines could otherwise be added twice.
      if (current !== null && applyDiff(current, reverseDiff(diff)) !== null) {
        outcomes.set(patch.name, { status: 'already_applied', reason: null, path: target });
        continue;
      }
      const next = applyDiff(current, diff);
      if (next === null) {
        skip(patch.name, patch.file, `it no longer applies to ${target}`, target);
        continue;
      }
      await tree.writeAtomic(resolved, next);
      outcomes.set(patch.name, { status: 'reapplied', reason: null, path: target });
    } catch (error) {
      skip(patch.name, patch.file, (error as Error).message, target);
    }
  }
  const counts = [...outcomes.values()].reduce<Record<string, number>>((sum, outcome) => {
    sum[outcome.status] = (sum[outcome.status] ?? 0) + 1;
    return sum;
  }, {});
  if (outcomes.size > 0) log.info({ patches: counts }, 'self-improve patches re-applied at start');
  return outcomes;
}

/** A persisted patch as GET /api/self-improve/patches shows it. */
export function patchView(patch: StoredPatch, outcome: ReplayOutcome | undefined): PatchView {
  const stamp = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})/.exec(patch.name);
  return {
    name: patch.name,
    file: patch.file,
    proposal_id: patch.proposalId,
    // Read from the +++ line, so even a tampered patch that was never parsed names its file.
    path: outcome?.path ?? /^\+\+\+ (?:b\/)?([^\t\n]+)/m.exec(patch.text)?.[1] ?? null,
    sha256: patch.recordedDigest,
    digest_ok: patch.recordedDigest === patch.actualDigest,
    applied_at: stamp
      ? `${stamp[1]}-${stamp[2]}-${stamp[3]}T${stamp[4]}:${stamp[5]}:${stamp[6]}Z`
      : null,
    last_start: outcome?.status ?? 'not_yet',
    last_start_reason: outcome?.reason ?? null,
  };
}
