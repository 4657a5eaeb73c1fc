import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox, SandboxResult } from './sandbox.service.js';
import {
  bubblewrapSuitesRun,
  expectedUid,
  makeTestData,
  openTestSandbox,
  pidsWith,
  runningAsRoot,
  sandboxSettings,
  sleepMarker,
  stillRunning,
  type TestData,
} from './sandbox-testing.js';

const sh = (sandbox: Sandbox, command: string, timeoutMs?: number): Promise<SandboxResult> =>
  sandbox.run({ argv: ['/bin/sh', '-c', command], ...(timeoutMs ? { timeoutMs } : {}) });

describe.each(sandboxSettings())('sandbox with SANDBOX=%s', (setting) => {
  let data: TestData;
  let sandbox: Sandbox;
  beforeAll(async () => {
    data = await makeTestData();
    sandbox = await openTestSandbox(setting, data);
  });
  afterAll(() => data.cleanup());

  it('reports its isolation', () => {
    const mode = setting === 'bubblewrap' ? 'bubblewrap' : runningAsRoot ? 'uid' : 'none';
    expect(sandbox.isolation()).toMatchObject({ mode, uid: expectedUid });
    expect(sandbox.isolation().reason).toContain(`uid ${expectedUid}`);
  });

  it(`runs programs as uid ${expectedUid}, in the workspace, which it may write`, async () => {
    const result = await sh(sandbox, 'id -u; pwd; echo hello > note.txt && cat note.txt');
    expect(result).toMatchObject({ exitCode: 0, timedOut: false });
    expect(result.output).toBe(`${expectedUid}\n${data.dataDir}/workspace\nhello\n`);
    const written = await stat(path.join(data.dataDir, 'workspace', 'note.txt'));
    expect(written.uid).toBe(expectedUid);
  });

  it("passes none of the runtime's environment", async () => {
    process.env.SANDBOX_TEST_LEAK = 'leaked-value';
    try {
      const result = await sh(sandbox, 'env');
      const names = result.output
        .trim()
        .split('\n')
        .map((line) => line.split('=')[0])
        .sort();
      expect(names.filter((n) => !['PWD', 'SHLVL', '_', 'OLDPWD'].includes(n as string))).toEqual([
        'HOME',
        'LANG',
        'PATH',
      ]);
      expect(result.output).toContain(`HOME=${data.dataDir}/workspace\n`);
      expect(result.output).not.toContain('leaked-value');
    } finally {
      delete process.env.SANDBOX_TEST_LEAK;
    }
  });

  it('interleaves stdout and stderr, and reports a failing exit code as it is', async () => {
    const result = await sh(sandbox, 'echo out; echo err >&2; exit 3');
    expect(result.exitCode).toBe(3);
    expect(result.output.split('\n').sort()).toEqual(['', 'err', 'out']);
  });

  it('cuts the output at the cap with a marker saying how much was dropped', async () => {
    const result = await sh(sandbox, "head -c 20000 /dev/zero | tr '\\0' a");
    expect(result.output).toBe(`${'a'.repeat(8000)}\n\n[… 12,000 more characters cut]`);
    expect(result.droppedCharacters).toBe(12_000);
  });

  it('kills the whole process tree at the time limit, background children included', async () => {
    const marker = sleepMarker();
    const running = sh(sandbox, `sleep ${marker} & sleep ${marker} & sleep ${marker}`, 5_000);
    let pids: number[] = [];
    const started = async () => {
      pids = await pidsWith(marker);
      return pids.length;
    };
    await expect.poll(started, { timeout: 5_000, interval: 50 }).toBe(3);
    const result = await running;
    expect(result).toMatchObject({ timedOut: true, timeoutMs: 5_000 });
    expect(result.durationMs).toBeLessThan(10_000);
    await expect
      .poll(async () => (await Promise.all(pids.map((p) => stillRunning(p, marker)))).some(Boolean))
      .toBe(false);
  });

  it('leaves nothing running in the background after a command ends', async () => {
    const marker = sleepMarker();
    const result = await sh(sandbox, `sleep ${marker} > /dev/null 2>&1 & echo started`);
    expect(result).toMatchObject({ exitCode: 0, output: 'started\n', timedOut: false });
    await expect.poll(async () => (await pidsWith(marker)).length).toBe(0);
  });

  it('keeps root-only secrets in DATA_DIR unreadable', async () => {
    const result = await sh(sandbox, `cat ${data.dataDir}/.secret`);
    if (runningAsRoot || setting === 'bubblewrap') {
      expect(result.exitCode).not.toBe(0);
      expect(result.output).not.toContain('aaaa');
    }
  });

  it('stops a run when the caller cancels it', async () => {
    const controller = new AbortController();
    const running = sandbox.run({ argv: ['/bin/sh', '-c', 'sleep 30'], signal: controller.signal });
    setTimeout(() => controller.abort(), 200);
    expect(await running).toMatchObject({ cancelled: true, timedOut: false });
  });
});

describe.runIf(bubblewrapSuitesRun())('sandbox under bubblewrap', () => {
  let data: TestData;
  let sandbox: Sandbox;
  beforeAll(async () => {
    data = await makeTestData();
    sandbox = await openTestSandbox('bubblewrap', data);
  });
  afterAll(() => data.cleanup());

  it('hides DATA_DIR but for the workspace: secrets, database files, journals', async () => {
    const result = await sh(
      sandbox,
      `ls -A ${data.dataDir}; cat ${data.dataDir}/.secret; cat ${data.dataDir}/pgdata/PG_VERSION`,
    );
    expect(result.output).toMatch(/^workspace\n/);
    expect(result.output).toContain(`${data.dataDir}/.secret: No such file or directory`);
    expect(result.output).toContain('PG_VERSION: No such file or directory');
    const write = await sh(sandbox, `touch ${data.dataDir}/planted`);
    expect(write.exitCode).not.toBe(0);
  });

  it('hides the source tree and keeps it unwritable', async () => {
    const result = await sh(
      sandbox,
      `ls -A ${data.sourceDir}; cat ${data.sourceDir}/app.ts; touch ${data.sourceDir}/planted.ts`,
    );
    expect(result.output).not.toContain('export const app');
    expect(result.output).toContain('Read-only file system');
    await expect(stat(path.join(data.sourceDir, 'planted.ts'))).rejects.toThrow(/ENOENT/);
  });

  it('keeps system folders read-only and gives the program its own process namespace', async () => {
    const result = await sh(
      sandbox,
      `touch /usr/planted; ls /proc | grep -c '^[0-9]'; cat /proc/${process.pid}/environ`,
    );
    expect(result.output).toContain('Read-only file system');
    const processes = Number(result.output.split('\n').find((line) => /^\d+$/.test(line)));
    expect(processes).toBeLessThan(10);
    expect(result.output).toContain(`/proc/${process.pid}/environ: No such file or directory`);
  });

  it('hides the kernel files of its fresh /proc that describe the whole machine', async () => {
    const present = ['timer_list', 'sched_debug', 'keys', 'kcore'].filter((file) =>
      existsSync(`/proc/${file}`),
    );
    expect(present.length).toBeGreaterThan(0);
    const result = await sh(sandbox, present.map((file) => `stat -c %F /proc/${file}`).join('; '));
    expect(result.output.trim().split('\n')).toEqual(present.map(() => 'character special file'));
  });

  it('refuses to start with SANDBOX=bubblewrap when bubblewrap fails, and falls back with auto', async () => {
    // A folder to hide that does not exist cannot be mounted over: bubblewrap's probe fails.
    const broken = { ...data, sourceDir: path.join(data.sourceDir, 'missing') };
    await expect(openTestSandbox('bubblewrap', broken)).rejects.toThrow(
      /^SANDBOX=bubblewrap, but bubblewrap does not work here: .*missing/,
    );
    const fallback = await openTestSandbox('auto', broken);
    expect(fallback.isolation()).toMatchObject({
      mode: runningAsRoot ? 'uid' : 'none',
      reason: expect.stringMatching(/^Bubblewrap does not work here \(.*missing/),
    });
    const result = await sh(fallback, 'id -u');
    expect(result.output).toBe(`${expectedUid}\n`);
  });
});
