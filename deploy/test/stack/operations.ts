// docs/operations.md's command blocks, run as written: a block marked `<!-- drill:NAME -->` is
// executed by bash in a working folder that holds the deployment's .env, with `docker compose`
// meaning the stack's compose command. The doc is the test, so the two cannot drift apart.
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { engine, REPO } from './stack.js';

const RUN_DIR = process.env.STACK_RUN_DIR ?? '';
export const OPS_DIR = path.join(RUN_DIR, 'ops');

/** The shell text of the block after `<!-- drill:name -->` in docs/operations.md. */
export async function drill(name: string): Promise<string> {
  const doc = await readFile(path.join(REPO, 'docs', 'operations.md'), 'utf8');
  const marker = `<!-- drill:${name} -->`;
  const at = doc.indexOf(marker);
  if (at < 0) throw new Error(`docs/operations.md has no ${marker}`);
  const block = /```sh\n([\s\S]*?)```/.exec(doc.slice(at));
  if (!block?.[1]) throw new Error(`no sh block after ${marker}`);
  return block[1];
}

/** Runs one drill of the doc in OPS_DIR; fails with its output when a command fails. */
export async function runDrill(name: string): Promise<string> {
  await mkdir(OPS_DIR, { recursive: true });
  const script = [
    'set -euo pipefail',
    // `docker compose ...` as the operator types it; any other docker command is the engine's.
    'docker() { if [ "$1" = compose ]; then shift; compose "$@"; else command docker "$@"; fi; }',
    await drill(name),
  ].join('\n');
  return engine(script, [], OPS_DIR);
}

/** engine.sh's wait_healthy: every container running and healthy. */
export async function waitHealthy(seconds = 240): Promise<void> {
  await engine(`wait_healthy ${seconds}`);
}
