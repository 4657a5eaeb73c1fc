import { accessSync, closeSync, constants, openSync } from 'node:fs';
import { chown, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { BWRAP, bubblewrapArgs, dropPrivileges, foldersToHide, isInside } from './bubblewrap.js';
import { type ProcessResult, runProcess } from './process-runner.js';

export type SandboxSetting = 'auto' | 'bubblewrap' | 'none';
export type IsolationMode = 'bubblewrap' | 'uid' | 'none';

export interface Isolation {
  /** bubblewrap: mount and PID isolation; uid: another user only; none: neither. */
  mode: IsolationMode;
  /** The user programs run as. */
  uid: number;
  /** What that means, in words an operator can act on. */
  reason: string;
}

/** SPEC's shell maximum timeout; the parameter and the skills' inputs stay below it. */
export const MAX_TIMEOUT_MS = 120_000;

export interface SandboxOptions {
  dataDir: string;
  shellUid: number;
  setting: SandboxSetting;
  /** Folders that must be out of reach: the source tree and the repository it sits in. */
  sourceFolders: string[];
  /** DOCKER_HOST of sandboxed programs: agent-broker's address, or null (see cleanEnvironment). */
  engineHost?: string | null;
  /** Read live: the operator may change them while the runtime runs. */
  defaultTimeoutMs: () => Promise<number>;
  outputCap: () => Promise<number>;
  log: FastifyBaseLogger;
}

export interface SandboxRun {
  /** Program and arguments; a function gets the path at which readOnlyFolder is visible. */
  argv: string[] | ((folder: string) => string[]);
  stdin?: string;
  /** Default: the shell_default_timeout_ms parameter; never above 120 s. */
  timeoutMs?: number;
  signal?: AbortSignal;
  readOnlyFolder?: string;
  separateStderr?: boolean;
}

/** How to start a long-running sandboxed program (its caller owns the process and its pipes). */
export interface SandboxLaunch {
  program: string;
  args: string[];
  env: Record<string, string>;
  cwd: string;
}

export interface SandboxResult extends ProcessResult {
  timeoutMs: number;
}

const SANDBOX_PATH = '/usr/local/bin:/usr/bin:/bin';

/**
 * The environment of every sandboxed program: nothing of the runtime's (no keys, no URLs),
 * except where a container CLI finds its engine, which is agent-broker when one is configured
 * (SPEC section 1 rule 3: container commands from the shell pass through the broker's allowlist;
 * they carry no token, so the broker refuses them).
 */
export function cleanEnvironment(
  workspace: string,
  engineHost: string | null = null,
): Record<string, string> {
  const env: Record<string, string> = { PATH: SANDBOX_PATH, HOME: workspace, LANG: 'C.UTF-8' };
  if (engineHost) Object.assign(env, { DOCKER_HOST: engineHost, CONTAINER_HOST: engineHost });
  return env;
}

/** Variables of the clean environment: an operator's secret cannot take their place. */
export const RESERVED_ENV_NAMES: ReadonlySet<string> = new Set([
  'PATH',
  'HOME',
  'LANG',
  'DOCKER_HOST',
  'CONTAINER_HOST',
]);

/** DOCKER_HOST for the broker at this URL: tcp://host:port, as Docker and podman clients read it. */
export function engineHostFor(brokerUrl: string | undefined): string | null {
  if (!brokerUrl) return null;
  const url = new URL(brokerUrl);
  return `tcp://${url.hostname}:${url.port || (url.protocol === 'https:' ? '443' : '80')}`;
}

/** Whether a program can be started inside: a path that is executable, or a name on its PATH. */
export function programExists(program: string): boolean {
  const candidates = program.includes('/')
    ? [program]
    : SANDBOX_PATH.split(':').map((folder) => path.join(folder, program));
  return candidates.some((candidate) => {
    try {
      accessSync(candidate, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/**
 * Runs programs for the shell, python_exec and custom skills: as SHELL_UID when the runtime
 * is root, in DATA_DIR/workspace, with a clean environment, a time limit that ends the whole
 * process group, capped output and, when bubblewrap works, a mount and PID namespace of their own.
 */
export class Sandbox {
  /** Set once by open(), after the probe. */
  private state: Isolation;

  private constructor(
    private readonly options: SandboxOptions,
    readonly workspace: string,
    private readonly hidden: string[],
    uid: number,
  ) {
    this.state = { mode: 'none', uid, reason: 'not opened yet' };
  }

  static async open(options: SandboxOptions): Promise<Sandbox> {
    const dataDir = path.resolve(options.dataDir);
    const workspace = path.join(dataDir, 'workspace');
    const root = process.getuid?.() === 0;
    await mkdir(workspace, { recursive: true, mode: 0o700 });
    if (root) await chown(workspace, options.shellUid, options.shellUid);
    const uid = root ? options.shellUid : (process.getuid?.() ?? -1);
    const hidden = foldersToHide(options.sourceFolders).filter((f) => !isInside(f, dataDir));
    const sandbox = new Sandbox({ ...options, dataDir }, workspace, hidden, uid);
    sandbox.state = await sandbox.decide(root, uid);
    const facts = { mode: sandbox.state.mode, uid };
    // Weaker isolation than bubblewrap is worth a warning at every start.
    if (sandbox.state.mode === 'bubblewrap')
      options.log.info(facts, `sandbox: ${sandbox.state.reason}`);
    else options.log.warn(facts, `sandbox: ${sandbox.state.reason}`);
    return sandbox;
  }

  isolation(): Isolation {
    return { ...this.state };
  }

  async defaultTimeoutMs(): Promise<number> {
    return Math.min(await this.options.defaultTimeoutMs(), MAX_TIMEOUT_MS);
  }

  /**
   * The command line of a program that stays up (an MCP server on stdio) under the same rules
   * as `run`: bubblewrap's layout when it works, else SHELL_UID through setpriv when the runtime
   * is root; the clean environment and the workspace either way. Time limits and output caps
   * do not apply: the caller talks to the program over its pipes and ends it. `secrets` (the
   * vault values an operator gave an MCP server) join the clean environment.
   */
  launch(command: string[], secrets: Readonly<Record<string, string>> = {}): SandboxLaunch {
    const root = process.getuid?.() === 0;
    for (const name of Object.keys(secrets))
      if (RESERVED_ENV_NAMES.has(name)) throw new Error(`${name} is set by the sandbox`);
    const env = {
      ...cleanEnvironment(this.workspace, this.options.engineHost ?? null),
      ...secrets,
    };
    // The values travel in the environment the caller spawns with (`env`), never on a command
    // line, which any user can read in /proc. That spawner adds variables of the runtime's own
    // (the MCP SDK copies HOME, LOGNAME, PATH, SHELL, TERM and USER from process.env, under
    // `env`): env -u drops every runtime variable not in `env`, so the program sees exactly `env`.
    const unset = Object.keys(process.env)
      .filter((name) => !Object.hasOwn(env, name) && !name.includes('='))
      .sort()
      .flatMap((name) => ['-u', name]);
    const argv = ['/usr/bin/env', ...unset, ...command];
    if (this.state.mode === 'bubblewrap') {
      const layout = {
        dataDir: this.options.dataDir,
        workspace: this.workspace,
        hidden: this.hidden,
        ...(root ? { dropToUid: this.options.shellUid } : {}),
      };
      return { program: BWRAP, args: bubblewrapArgs(layout, argv), env, cwd: '/' };
    }
    const full = root ? [...dropPrivileges(this.options.shellUid), ...argv] : argv;
    const [program = '', ...args] = full;
    return { program, args, env, cwd: this.workspace };
  }

  run(call: SandboxRun): Promise<SandboxResult> {
    return this.runAs(this.state.mode, call);
  }

  private async runAs(mode: IsolationMode, call: SandboxRun): Promise<SandboxResult> {
    const timeoutMs = Math.min(call.timeoutMs ?? (await this.defaultTimeoutMs()), MAX_TIMEOUT_MS);
    const outputCap = await this.options.outputCap();
    const root = process.getuid?.() === 0;
    const env = cleanEnvironment(this.workspace, this.options.engineHost ?? null);
    const base = { env, stdin: call.stdin, timeoutMs, outputCap };
    const extra = { signal: call.signal, separateStderr: call.separateStderr };
    const folder = call.readOnlyFolder;
    const argvFor = (visible: string) =>
      typeof call.argv === 'function' ? call.argv(visible) : call.argv;

    if (mode === 'bubblewrap') {
      const layout = {
        dataDir: this.options.dataDir,
        workspace: this.workspace,
        hidden: this.hidden,
        ...(folder ? { readOnlyFolder: folder } : {}),
        ...(root ? { dropToUid: this.options.shellUid } : {}),
      };
      const args = bubblewrapArgs(layout, argvFor(folder ?? ''));
      // cwd '/': bubblewrap changes into the workspace itself (--chdir).
      return {
        ...(await runProcess({ ...base, ...extra, program: BWRAP, args, cwd: '/' })),
        timeoutMs,
      };
    }
    // Without bubblewrap, a folder behind DATA_DIR (closed to SHELL_UID) is handed over as an
    // open descriptor and reached through /proc/self/fd, which needs no way through its parents.
    const descriptor = folder && root ? openSync(folder, 'r') : undefined;
    try {
      const visible = descriptor === undefined ? (folder ?? '') : '/proc/self/fd/3';
      const [program = '', ...args] = argvFor(visible);
      const spec = {
        ...base,
        ...extra,
        program,
        args,
        // libuv changes directory before it changes user, so the workspace works even though
        // DATA_DIR above it is closed to SHELL_UID.
        cwd: this.workspace,
        ...(descriptor === undefined ? {} : { extraFds: [descriptor] }),
        ...(root ? { uid: this.options.shellUid, gid: this.options.shellUid } : {}),
      };
      return { ...(await runProcess(spec)), timeoutMs };
    } finally {
      if (descriptor !== undefined) closeSync(descriptor);
    }
  }

  /** Probes bubblewrap once, as the setting asks, and says what isolation programs get. */
  private async decide(root: boolean, uid: number): Promise<Isolation> {
    const who = root
      ? `as uid ${uid} (privileges dropped from root)`
      : `as the runtime's own user (uid ${uid}): the runtime is not root, so there is no other user to drop to`;
    const bare = (why: string): Isolation =>
      root
        ? {
            mode: 'uid',
            uid,
            reason: `${why}; programs run ${who} with a clean environment, but see the file system as that user does.`,
          }
        : {
            mode: 'none',
            uid,
            reason: `${why}; programs run ${who} with a clean environment, and can read whatever the runtime can, DATA_DIR included.`,
          };
    if (this.options.setting === 'none') return bare('Bubblewrap is turned off (SANDBOX=none)');
    const problem = await this.probe();
    if (problem === null) {
      return {
        mode: 'bubblewrap',
        uid,
        reason: `Bubblewrap isolates each program: system folders read-only, the source tree absent, DATA_DIR hidden but for the workspace, own process namespace; programs run ${who}.`,
      };
    }
    if (this.options.setting === 'bubblewrap') {
      throw new Error(`SANDBOX=bubblewrap, but bubblewrap does not work here: ${problem}`);
    }
    return bare(`Bubblewrap does not work here (${problem})`);
  }

  /** Null when a program runs under the real layout; otherwise what went wrong. */
  private async probe(): Promise<string | null> {
    try {
      const probe = { argv: ['/bin/true'], timeoutMs: 10_000, separateStderr: true };
      const result = await this.runAs('bubblewrap', probe);
      if (result.exitCode === 0) return null;
      const said = result.errors.trim().split('\n')[0] || result.output.trim().split('\n')[0];
      return said || `bwrap exited with code ${result.exitCode}`;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      return code === 'ENOENT' ? 'bwrap is not installed' : (error as Error).message;
    }
  }
}
