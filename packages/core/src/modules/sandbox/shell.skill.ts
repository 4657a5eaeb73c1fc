import { z } from 'zod';
import { defineSkill } from '../skills/skill.js';
import { protectCommand } from './command-secrets.js';
import type { Sandbox } from './sandbox.service.js';
import {
  programOutput,
  runFacts,
  simulation,
  throwIfCancelled,
  timeoutError,
  timeoutFor,
  timeoutSecondsSchema,
} from './sandbox-output.js';
import { shellWarnings } from './shell-warnings.js';

const inputSchema = z.object({
  command: z.string().min(1).max(20_000).describe('command line'),
  timeout_seconds: timeoutSecondsSchema,
});
export type ShellInput = z.infer<typeof inputSchema>;

/** The redacted command as the audit row's target, cut so one row stays a row. */
const TARGET_CHARS = 4_000;

export function isolationWarnings(sandbox: Sandbox): string[] {
  const isolation = sandbox.isolation();
  return isolation.mode === 'bubblewrap' ? [] : [`Runs without bubblewrap: ${isolation.reason}`];
}

/**
 * `shell`: one command line through /bin/sh in the sandbox. A non-zero exit is an answer (the
 * output says what went wrong), not a failure; running out of time is a failure.
 */
export function createShellSkill(sandbox: Sandbox) {
  return defineSkill<ShellInput>({
    name: 'shell',
    description:
      'Run a /bin/sh -c command in the sandboxed workspace folder; returns exit code, stdout ' +
      'and stderr.',
    level: 'RESTRICTED',
    inputSchema,
    async execute(input, context) {
      // Before anything is logged or recorded: the command's passwords become known secrets.
      const target = protectCommand(input.command).slice(0, TARGET_CHARS);
      const timeoutMs = await timeoutFor(sandbox, input.timeout_seconds);
      const result = await sandbox.run({
        argv: ['/bin/sh', '-c', input.command],
        timeoutMs,
        signal: context.signal,
      });
      throwIfCancelled(result, context.signal);
      context.log.debug(
        { exit_code: result.exitCode, duration_ms: result.durationMs, timed_out: result.timedOut },
        'shell command finished',
      );
      if (result.timedOut) throw timeoutError(result, target);
      return programOutput(sandbox, result, target);
    },
    async simulate(input) {
      const command = protectCommand(input.command);
      const timeoutMs = await timeoutFor(sandbox, input.timeout_seconds);
      const warnings = [
        ...shellWarnings(input.command, sandbox.workspace),
        ...isolationWarnings(sandbox),
      ];
      return simulation(
        'Would run a shell command in the sandbox',
        { command, ...runFacts(sandbox, timeoutMs) },
        warnings,
      );
    },
  });
}
