import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testSkillContext } from '../../testing/skill-context.js';
import { SkillError } from '../skills/skill.js';
import { createPythonExecSkill, type PythonExecInput } from './python-exec.skill.js';
import type { Sandbox } from './sandbox.service.js';
import {
  expectedUid,
  makeTestData,
  openTestSandbox,
  runningAsRoot,
  sandboxSettings,
  type TestData,
} from './sandbox-testing.js';

describe.each(sandboxSettings())('python_exec with SANDBOX=%s', (setting) => {
  let data: TestData;
  let sandbox: Sandbox;
  const context = testSkillContext();
  const skill = () => createPythonExecSkill(sandbox, 'python3');
  const run = (input: PythonExecInput) =>
    skill().execute(skill().inputSchema.parse(input), context);
  beforeAll(async () => {
    data = await makeTestData();
    sandbox = await openTestSandbox(setting, data, { timeoutMs: 30_000 });
  });
  afterAll(() => data.cleanup());

  it(`runs the code from stdin in isolated mode as uid ${expectedUid}, in the workspace`, async () => {
    const output = await run({
      code: 'import os, sys\nprint(os.getuid(), os.getcwd(), sys.flags.isolated, sorted(os.environ))',
    });
    expect(output.text).toMatch(/^Exit code 0 after [\d.]+ s\.\n\n/);
    const workspace = path.join(data.dataDir, 'workspace');
    // bubblewrap sets PWD when it changes into the workspace; nothing else is there.
    expect(output.text).toMatch(
      new RegExp(`\\n${expectedUid} ${workspace} 1 \\['HOME', 'LANG', 'PATH'(, 'PWD')?\\]\\n$`),
    );
    expect(output).toMatchObject({
      untrusted: true,
      audit: { exit_code: 0, target: expect.stringContaining('import os, sys') },
      data: { exit_code: 0, truncated: false },
    });
  });

  it('reports an exception or exit code as output, not as a failure', async () => {
    const output = await run({ code: 'import sys\nprint("partial")\nsys.exit(4)' });
    expect(output.text).toMatch(/^Exit code 4 after [\d.]+ s\.\n\npartial\n$/);
    const raised = await run({ code: 'raise ValueError("bad value")' });
    expect(raised.text).toContain('ValueError: bad value');
    expect(raised.audit?.exit_code).toBe(1);
  });

  it('kills code that runs past its time limit, with the timeout error', async () => {
    const error = await run({ code: 'while True:\n    pass', timeout_seconds: 1 }).catch(
      (e: unknown) => e as SkillError,
    );
    expect(error).toBeInstanceOf(SkillError);
    expect(error).toMatchObject({
      message: 'timeout after 1s',
      code: 'timeout',
      audit: { exit_code: null, target: 'while True:\n    pass' },
    });
  });

  it('cannot read the secrets in DATA_DIR or write outside the workspace', async () => {
    const output = await run({
      code:
        'for p in [".secret", "pgdata/PG_VERSION"]:\n' +
        '    try:\n' +
        `        print(open("${data.dataDir}/" + p).read())\n` +
        '    except OSError as e:\n' +
        '        print(type(e).__name__)\n' +
        'try:\n' +
        '    open("/etc/planted", "w")\n' +
        'except OSError as e:\n' +
        '    print(type(e).__name__)',
    });
    if (runningAsRoot || setting === 'bubblewrap') expect(output.text).not.toContain('aaaa');
    if (setting === 'bubblewrap') {
      expect(output.text).toContain('FileNotFoundError\nFileNotFoundError\nOSError');
    }
  });

  it('is unavailable, saying why, when the interpreter is missing', async () => {
    expect(await skill().availability?.()).toEqual({ available: true });
    const missing = createPythonExecSkill(sandbox, 'python-nowhere');
    expect(await missing.availability?.()).toEqual({
      available: false,
      reason:
        'python-nowhere is not installed where the sandbox looks (PYTHON_BIN, or python3 on /usr/local/bin:/usr/bin:/bin).',
    });
  });

  it('previews the code with warnings, where, as whom and for how long', async () => {
    const preview = await skill().simulate?.(
      skill().inputSchema.parse({
        code: 'import shutil, subprocess\nshutil.rmtree("/srv")\napi_key = "abcd1234efgh"',
        timeout_seconds: 5,
      }),
      context,
    );
    expect(preview).toMatchObject({
      details: {
        code: 'import shutil, subprocess\nshutil.rmtree("/srv")\napi_key = "[REDACTED]"',
        interpreter: 'python3',
        folder: path.join(data.dataDir, 'workspace'),
        user: `uid ${expectedUid}`,
        timeout_seconds: 5,
        isolation: sandbox.isolation().mode,
      },
    });
    expect(preview?.warnings).toEqual(
      expect.arrayContaining([
        'Starts other programs (subprocess).',
        'Deletes folder trees (shutil.rmtree).',
      ]),
    );
    expect(preview?.warnings.some((w) => w.startsWith('Runs without bubblewrap'))).toBe(
      setting !== 'bubblewrap',
    );
  });
});
