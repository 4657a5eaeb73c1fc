// docs/operations.md's backup and restore, run as written while the agent is busy: the volumes
// are destroyed in between, and every chat, memory item, goal, vault credential and applied
// patch comes back.
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { OPS_DIR, runDrill, waitHealthy } from './operations.js';
import { expectEverythingBack, operatorData, seed } from './operator-data.js';
import { compose, docker, signIn } from './stack.js';

describe('back up and restore, as docs/operations.md says', () => {
  it('brings every chat, memory item, goal, vault credential and patch back after the volumes are gone', async () => {
    const data = operatorData();
    const session = await signIn();
    await seed(session, data);

    // The agent is busy while the backup runs: a reply streams throughout.
    const busy = session.call('/chat', {
      body: { text: 'stream 30 100', chat_id: `drill-busy-${data.mark}` },
    });
    const output = await runDrill('backup');
    expect((await busy).status).toBe(200);
    const files = await readdir(path.join(OPS_DIR, 'backups'));
    for (const prefix of ['sqldb-', 'kvstore-', 'core-data-', 'proxy-data-', 'env-']) {
      const file = files.find((name) => name.startsWith(prefix));
      expect(file, `${prefix} in ${files.join(', ')}\n${output}`).toBeDefined();
      expect((await stat(path.join(OPS_DIR, 'backups', file ?? ''))).size).toBeGreaterThan(0);
    }

    // Disaster: the whole stack and its volumes go.
    await compose('down', '--volumes', '--timeout', '5');
    expect(await docker('volume', 'ls', '-q')).toBe('');

    await runDrill('restore');
    await waitHealthy();
    // The session signed in before the backup still works, through the same certificate
    // authority the devices already trust (its root came back with proxy-data).
    await expectEverythingBack(await signIn(), data);
  }, 600_000);
});
