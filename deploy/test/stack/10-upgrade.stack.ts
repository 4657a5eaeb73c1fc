// docs/operations.md's upgrade, run as written on a stack started from agent-core as it was
// before the newest database migration (built by stack-e2e.sh from that commit's source), with
// an operator's data in it: every migration runs once and nothing is lost.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runDrill, waitHealthy } from './operations.js';
import { expectEverythingBack, operatorData, seed } from './operator-data.js';
import { compose, containerOf, docker, engine, REPO, signIn } from './stack.js';

/** The migrations this checkout ships, in order, as named in the migration table. */
function shippedMigrations(): string[] {
  const index = readFileSync(
    path.join(REPO, 'packages/core/src/store/migrations/index.ts'),
    'utf8',
  );
  return [...index.matchAll(/^\s+'(\d{4}-[a-z0-9-]+)':/gm)].map((match) => match[1] ?? '');
}

async function appliedMigrations(): Promise<string[]> {
  const rows = await compose(
    'exec',
    '-T',
    'agent-sqldb',
    'psql',
    '-U',
    'agent',
    '-d',
    'agent',
    '-tAc',
    'select name from kysely_migration order by name',
  );
  return rows.split('\n').filter(Boolean);
}

describe('upgrade, as docs/operations.md says', () => {
  it('takes a stack of the previous version with data in it to this one: migrations once, nothing lost', async () => {
    const previousRev = readFileSync(
      path.join(process.env.STACK_RUN_DIR ?? '', 'previous-rev'),
      'utf8',
    );
    await compose('down', '--volumes', '--timeout', '5');
    // The previous version: agent-core built from that commit, the other images as they are.
    await engine('AGENT_VERSION=previous compose up -d --no-build');
    await waitHealthy();
    const data = operatorData();
    const before = await signIn({ fresh: true });
    await seed(before, data);
    const migrationsBefore = await appliedMigrations();
    const shipped = shippedMigrations();
    expect(migrationsBefore.length, `previous version ${previousRev}`).toBeLessThan(shipped.length);
    expect(shipped.slice(0, migrationsBefore.length)).toEqual(migrationsBefore);

    await runDrill('upgrade');
    await waitHealthy();
    const core = await containerOf('agent-core');
    expect(await docker('inspect', '-f', '{{.Config.Image}}', core)).toBe(
      'agent-runtime/core:latest',
    );
    // Each migration once, in order, the new ones included.
    expect(await appliedMigrations()).toEqual(shipped);
    // Sessions live in agent-kvstore, which the upgrade keeps: the operator stays signed in.
    expect((await before.call('/auth/session')).status).toBe(200);
    await expectEverythingBack(before, data);
  }, 900_000);
});
