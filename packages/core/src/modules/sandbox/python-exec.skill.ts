import { z } from 'zod';
import { redactText } from '../../security/redact.js';
import { defineSkill } from '../skills/skill.js';
import { pythonWarnings } from './python-warnings.js';
import { programExists, type Sandbox } from './sandbox.service.js';
import {
  programOutput,
  runFacts,
  simulation,
  throwIfCancelled,
  timeoutError,
  timeoutFor,
  timeoutSecondsSchema,
} from './sandbox-output.js';
import { isolationWarnings } from './shell.skill.js';

const inputSchema = z.object({
  code: z.string().min(1).max(100_000).describe('print() what you want back'),
  timeout_seconds: timeoutSecondsSchema,
});
export type PythonExecInput = z.infer<typeof inputSchema>;

/** The audit row's target: the start of the code, redacted. */
const TARGET_CHARS = 500;

/**
 * `python_exec`: Python code in the sandbox, under the shell's rules. The code goes in on
 * stdin of `python -I -` (isolated mode: no user site-packages, no PYTHON* variables, no
 * current folder on the import path), never through a file or the command line.
 */
export function createPythonExecSkill(sandbox: Sandbox, pythonBin: string) {
  // Looked up once: availability is asked for every request, and interpreters do not come and go.
  const installed = programExists(pythonBin);
  return defineSkill<PythonExecInput>({
    name: 'python_exec',
    description:
      'Run Python 3 code in the sandboxed workspace folder; returns exit code and output.',
    level: 'RESTRICTED',
    inputSchema,
    async execute(input, context) {
      const target = redactText(input.code).slice(0, TARGET_CHARS);
      const timeoutMs = await timeoutFor(sandbox, input.timeout_seconds);
      const result = await sandbox.run({
        argv: [pythonBin, '-I', '-'],
        stdin: input.code,
        timeoutMs,
        signal: context.signal,
      });
      throwIfCancelled(result, context.signal);
      context.log.debug(
        { exit_code: result.exitCode, duration_ms: result.durationMs, timed_out: result.timedOut },
        'python code finished',
      );
      if (result.timedOut) throw timeoutError(result, target);
      return programOutput(sandbox, result, target);
    },
    async availability() {
      if (installed) return { available: true };
      return {
        available: false,
        reason: `${pythonBin} is not installed where the sandbox looks (PYTHON_BIN, or python3 on /usr/local/bin:/usr/bin:/bin).`,
      };
    },
    async simulate(input) {
      const timeoutMs = await timeoutFor(sandbox, input.timeout_seconds);
      const warnings = [
        ...pythonWarnings(input.code, sandbox.workspace),
        ...isolationWarnings(sandbox),
      ];
      return simulation(
        'Would run Python code in the sandbox',
        { code: redactText(input.code), interpreter: pythonBin, ...runFacts(sandbox, timeoutMs) },
        warnings,
      );
    },
  });
}
