import { z } from 'zod';
import { SkillError, type SkillOutput, type SkillSimulation } from '../skills/skill.js';
import type { Isolation, Sandbox, SandboxResult } from './sandbox.service.js';

/** `timeout_seconds` of the sandboxed skills: SPEC's limit is 120 s. */
export const timeoutSecondsSchema = z
  .number()
  .int()
  .min(1)
  .max(120)
  .optional()
  .describe('seconds, 1-120; the process tree is killed at the limit');

/** 60000 -> "60", 1500 -> "1.5": seconds as the audit row's error and the texts show them. */
export function secondsText(ms: number): string {
  return String(Number((ms / 1000).toFixed(1)));
}

/** The time limit of a call: the one asked for, else the live default (both at most 120 s). */
export async function timeoutFor(sandbox: Sandbox, seconds: number | undefined): Promise<number> {
  return seconds === undefined ? sandbox.defaultTimeoutMs() : seconds * 1000;
}

/** What the model reads after a program ran: exit code, duration, then the output. */
export function runReport(result: SandboxResult): string {
  const took = `after ${secondsText(result.durationMs)} s`;
  const head = result.exitSignal
    ? `Ended by ${result.exitSignal} (exit code ${result.exitCode}) ${took}.`
    : `Exit code ${result.exitCode} ${took}.`;
  return `${head}\n\n${result.output.length > 0 ? result.output : '(no output)'}`;
}

/** What every sandboxed skill reports of a finished run in its output data. */
export function runData(sandbox: Sandbox, result: SandboxResult): Record<string, unknown> {
  return {
    exit_code: result.exitCode,
    duration_ms: result.durationMs,
    truncated: result.droppedCharacters > 0,
    isolation: sandbox.isolation().mode,
  };
}

/**
 * The output of a program the shell or python_exec skill ran. Programs print what they fetched
 * or read, so the model treats it as outside content. The skill runner writes the call's one
 * audit row (skill.<name>) with `audit`, the error and the goal: see runtime/skill-runner.ts.
 */
export function programOutput(
  sandbox: Sandbox,
  result: SandboxResult,
  target: string | null,
): SkillOutput {
  return {
    text: runReport(result),
    untrusted: true,
    data: runData(sandbox, result),
    audit: { exit_code: result.exitCode, target },
  };
}

/**
 * The failure of a call that ran out of time. Its message is exactly `timeout after <n>s`,
 * which the skill runner writes as the audit row's error (DECISIONS: limits and errors).
 */
export function timeoutError(result: SandboxResult, target: string | null): SkillError {
  return new SkillError(`timeout after ${secondsText(result.timeoutMs)}s`, 'timeout', {
    exit_code: null,
    target,
  });
}

/** Throws what a cancelled run should: the caller's reason, not a dressed-up failure. */
export function throwIfCancelled(result: SandboxResult, signal: AbortSignal): void {
  if (result.cancelled) throw signal.reason ?? new Error('cancelled');
}

/** The facts every sandboxed dry run shows: where, as whom, for how long, how isolated. */
export function runFacts(sandbox: Sandbox, timeoutMs: number): Record<string, unknown> {
  const isolation: Isolation = sandbox.isolation();
  return {
    folder: sandbox.workspace,
    user: `uid ${isolation.uid}`,
    timeout_seconds: Number(secondsText(timeoutMs)),
    isolation: isolation.mode,
    isolation_detail: isolation.reason,
  };
}

/** A dry run whose summary names the warnings count. */
export function simulation(
  what: string,
  details: Record<string, unknown>,
  warnings: string[],
): SkillSimulation {
  const note = warnings.length === 0 ? 'no warnings' : `${warnings.length} warning(s)`;
  return { summary: `${what} (${note})`, details, warnings };
}
