import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { StringDecoder } from 'node:string_decoder';
import { CappedOutput } from './capped-output.js';

export interface ProcessSpec {
  program: string;
  args: string[];
  /** The whole environment of the program: nothing of the runtime's own is passed on. */
  env: Record<string, string>;
  cwd: string;
  /** Set to drop privileges (the runtime is root): the program runs as this user and group. */
  uid?: number;
  gid?: number;
  stdin?: string;
  /** Open descriptors handed to the program as fd 3, 4, ... */
  extraFds?: number[];
  timeoutMs: number;
  /** Characters of output kept; the rest is counted and cut with a marker. */
  outputCap: number;
  /** Keep stderr apart (a program whose stdout is its answer); default: interleaved. */
  separateStderr?: boolean;
  signal?: AbortSignal;
}

export interface ProcessResult {
  /** The exit code, or 128 + the signal number when a signal ended it (as a shell reports it). */
  exitCode: number | null;
  /** The signal that ended it, when one did. */
  exitSignal: NodeJS.Signals | null;
  /** stdout and stderr as they came (only stdout with separateStderr), cut at the cap. */
  output: string;
  /** stderr, cut at the cap, when separateStderr was asked for; otherwise empty. */
  errors: string;
  droppedCharacters: number;
  timedOut: boolean;
  cancelled: boolean;
  durationMs: number;
}

/** How long the pipes may stay open after the program exited (a stray child holding them). */
const DRAIN_AFTER_EXIT_MS = 250;

/**
 * Runs one program in its own process group and always ends that whole group: at the time
 * limit, on cancellation, and after the program exits, so no child it started in the
 * background outlives the call (a sandboxed call is bounded; it does not leave servers behind).
 */
export function runProcess(spec: ProcessSpec): Promise<ProcessResult> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(spec.program, spec.args, {
      cwd: spec.cwd,
      env: spec.env,
      detached: true, // its own process group, killed as one
      stdio: ['pipe', 'pipe', 'pipe', ...(spec.extraFds ?? [])],
      ...(spec.uid === undefined ? {} : { uid: spec.uid, gid: spec.gid ?? spec.uid }),
    });
    const output = new CappedOutput(spec.outputCap);
    const errors = new CappedOutput(spec.outputCap);
    const collect = (stream: NodeJS.ReadableStream | null, into: CappedOutput) => {
      const decoder = new StringDecoder('utf8');
      stream?.on('data', (chunk: Buffer) => into.append(decoder.write(chunk)));
      stream?.on('end', () => into.append(decoder.end()));
    };
    collect(child.stdout, output);
    collect(child.stderr, spec.separateStderr ? errors : output);

    let timedOut = false;
    let cancelled = false;
    const killGroup = () => {
      if (child.pid === undefined) return;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // ESRCH: the group is already gone.
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup();
    }, spec.timeoutMs);
    const onAbort = () => {
      cancelled = true;
      killGroup();
    };
    if (spec.signal?.aborted) onAbort();
    spec.signal?.addEventListener('abort', onAbort, { once: true });

    child.stdin?.on('error', () => {}); // a program that never reads its input is no failure
    child.stdin?.end(spec.stdin ?? '');

    let exit: { code: number | null; signal: NodeJS.Signals | null } | null = null;
    let openStreams = 2;
    let settled = false;
    const finish = () => {
      if (settled || !exit) return;
      settled = true;
      clearTimeout(timer);
      spec.signal?.removeEventListener('abort', onAbort);
      child.stdout?.destroy();
      child.stderr?.destroy();
      resolve({
        exitCode: exit.code ?? (exit.signal ? 128 + (constants.signals[exit.signal] ?? 0) : null),
        exitSignal: exit.signal,
        output: output.text(),
        errors: errors.text(),
        droppedCharacters: output.droppedCharacters,
        timedOut,
        cancelled,
        durationMs: Math.round(performance.now() - started),
      });
    };
    const streamClosed = () => {
      openStreams -= 1;
      if (openStreams === 0) finish();
    };
    child.stdout?.on('close', streamClosed);
    child.stderr?.on('close', streamClosed);
    child.on('exit', (code, signal) => {
      exit = { code, signal };
      killGroup();
      if (openStreams === 0) finish();
      else setTimeout(finish, DRAIN_AFTER_EXIT_MS).unref();
    });
    child.on('error', (error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      spec.signal?.removeEventListener('abort', onAbort);
      killGroup();
      reject(error);
    });
  });
}
