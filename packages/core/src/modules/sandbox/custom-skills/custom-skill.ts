import path from 'node:path';
import { redactText, redactValue } from '../../../security/redact.js';
import type { ConfigurationService } from '../../configuration/configuration.service.js';
import { defineSkill, SkillError } from '../../skills/skill.js';
import type { Sandbox } from '../sandbox.service.js';
import {
  runData,
  runFacts,
  simulation,
  throwIfCancelled,
  timeoutError,
  timeoutFor,
} from '../sandbox-output.js';
import { isolationWarnings } from '../shell.skill.js';
import type { LoadedManifest } from './manifest.js';

export interface CustomSkillOptions {
  loaded: LoadedManifest;
  sandbox: Sandbox;
  configuration: ConfigurationService;
  pythonBin: string;
}

/** The part of stderr a failure message quotes. */
const STDERR_CHARS = 1_000;

/**
 * The program line of a custom skill. Python runs with -E -s (no PYTHON* variables, no user
 * site-packages) but keeps the skill's folder on its import path, so a skill may import its
 * own modules; Node is the runtime's own binary, told not to resolve the entry's path (inside
 * the sandbox it may be reached through /proc/self/fd, see Sandbox.run).
 */
function programLine(options: CustomSkillOptions, folder: string): string[] {
  const entry = path.posix.join(folder, options.loaded.entry);
  return options.loaded.manifest.language === 'python'
    ? [options.pythonBin, '-E', '-s', entry]
    : [process.execPath, '--preserve-symlinks', '--preserve-symlinks-main', entry];
}

/**
 * An operator-written skill: its input as JSON on stdin, its answer on stdout (plain text, or
 * JSON with a `text` field), run in the sandbox under the shell's time limit and output cap.
 * Its answer is untrusted: the code may pass on what it fetched.
 */
export function createCustomSkill(options: CustomSkillOptions) {
  const { manifest, folder } = options.loaded;
  const { sandbox } = options;
  const timeoutSeconds = manifest.timeout_seconds;
  return defineSkill<Record<string, unknown>>({
    name: manifest.name,
    description: manifest.description,
    level: manifest.level,
    inputSchema: options.loaded.inputSchema,
    async execute(input, context) {
      // behindFlag stops offering it; this stops a call that was already on its way.
      if (!(await options.configuration.flag('custom_skills'))) {
        throw new SkillError(
          'Custom skills are turned off by the custom_skills feature flag.',
          'skill_disabled',
        );
      }
      const result = await sandbox.run({
        argv: (visible) => programLine(options, visible),
        readOnlyFolder: folder,
        stdin: JSON.stringify(input),
        timeoutMs: await timeoutFor(sandbox, timeoutSeconds),
        separateStderr: true,
        signal: context.signal,
      });
      throwIfCancelled(result, context.signal);
      if (result.timedOut) throw timeoutError(result, manifest.name);
      if (result.exitCode !== 0) {
        const said = redactText(result.errors.trim()).slice(-STDERR_CHARS);
        throw new SkillError(
          `${manifest.name} failed with exit code ${result.exitCode}${said ? `: ${said}` : ''}`,
          'custom_skill_failed',
          { exit_code: result.exitCode, target: manifest.name },
        );
      }
      return {
        text: answerText(result.output),
        untrusted: true,
        data: runData(sandbox, result),
        audit: { exit_code: result.exitCode, target: manifest.name },
      };
    },
    async simulate(input) {
      const timeoutMs = await timeoutFor(sandbox, timeoutSeconds);
      return simulation(
        `Would run the custom skill ${manifest.name} (${manifest.language})`,
        {
          skill: manifest.name,
          language: manifest.language,
          entry: path.join(folder, options.loaded.entry),
          input: redactValue(input),
          ...runFacts(sandbox, timeoutMs),
        },
        [
          'Runs code the operator wrote; a dry run cannot foresee what it does.',
          ...isolationWarnings(sandbox),
        ],
      );
    },
  });
}

/** stdout as the answer: the `text` of a JSON object when it is one, else the text itself. */
export function answerText(stdout: string): string {
  const trimmed = stdout.trim();
  if (trimmed.startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(trimmed);
      if (typeof parsed === 'object' && parsed !== null && 'text' in parsed) {
        const text = (parsed as { text: unknown }).text;
        if (typeof text === 'string') return text;
      }
    } catch {
      // Not JSON after all (or cut at the cap): the text is the answer.
    }
  }
  return trimmed.length > 0 ? trimmed : '(no output)';
}
