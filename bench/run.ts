/** Runs every benchmark in this folder, one after another (they must not compete for the CPU). */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

const only = process.argv[2];
const benches = readdirSync(import.meta.dirname)
  .filter((file) => file.endsWith('.bench.ts') && (!only || file.startsWith(only)))
  .sort();
let failed = 0;
for (const file of benches) {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, file)],
    { stdio: 'inherit' },
  );
  if (result.status !== 0) failed += 1;
}
process.exit(failed ? 1 : 0);
