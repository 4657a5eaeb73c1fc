import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { RunTrace } from '../runtime/run-trace.js';
import type { RunContext } from '../runtime/skill-runner.js';
import { Sandbox, type SandboxSetting } from './sandbox.service.js';

/** Test helpers of the sandbox: which modes this machine can run, and processes by marker. */

export const runningAsRoot = process.getuid?.() === 0;
/** The user sandboxed programs become: SHELL_UID when the tests run as root. */
export const expectedUid = runningAsRoot ? 1000 : (process.getuid?.() ?? -1);

/**
 * Whether the bubblewrap suites run. Under CI (or TEST_SERVICES=required) a machine without a
 * working bubblewrap fails them instead of skipping: CI installs it, so its absence is a bug.
 */
let bubblewrapChecked: boolean | undefined;

export function bubblewrapSuitesRun(): boolean {
  bubblewrapChecked ??= checkBubblewrap();
  return bubblewrapChecked;
}

function checkBubblewrap(): boolean {
  const probe = spawnSync('bwrap', ['--ro-bind', '/', '/', '--unshare-pid', '/bin/true'], {
    timeout: 10_000,
  });
  if (probe.status === 0) return true;
  const reason = probe.error?.message ?? String(probe.stderr).trim();
  const required = process.env.CI === 'true' || process.env.TEST_SERVICES === 'required';
  if (required) throw new Error(`bubblewrap does not work (${reason}); CI requires it`);
  console.warn(`[tests] bubblewrap does not work (${reason}); its suites are skipped`);
  return false;
}

/** The sandbox settings to run a suite under: both where bubblewrap works. */
export function sandboxSettings(): SandboxSetting[] {
  return bubblewrapSuitesRun() ? ['bubblewrap', 'none'] : ['none'];
}

export interface TestData {
  dataDir: string;
  /** A stand-in source tree with one file, hidden from the sandbox like APP_SRC_DIR. */
  sourceDir: string;
  cleanup(): Promise<void>;
}

/**
 * Outside /tmp, which the sandbox replaces with its own: folders there would be hidden whatever
 * the masks did, and the tests would prove nothing.
 */
const TEST_ROOT = existsSync('/var/tmp') ? '/var/tmp' : tmpdir();

/** A DATA_DIR closed to others (0700, as mkdtemp makes it) with the secrets a real one holds. */
export async function makeTestData(): Promise<TestData> {
  const dataDir = await mkdtemp(path.join(TEST_ROOT, 'sandbox-data-'));
  await writeFile(path.join(dataDir, '.secret'), 'a'.repeat(64), { mode: 0o600 });
  await mkdir(path.join(dataDir, 'pgdata'));
  await writeFile(path.join(dataDir, 'pgdata', 'PG_VERSION'), '17\n', { mode: 0o644 });
  const sourceDir = await mkdtemp(path.join(TEST_ROOT, 'sandbox-src-'));
  await writeFile(path.join(sourceDir, 'app.ts'), 'export const app = 1;\n');
  return {
    dataDir,
    sourceDir,
    cleanup: async () => {
      await rm(dataDir, { recursive: true, force: true });
      await rm(sourceDir, { recursive: true, force: true });
    },
  };
}

export function openTestSandbox(
  setting: SandboxSetting,
  data: TestData,
  limits: { timeoutMs?: number; outputCap?: number } = {},
): Promise<Sandbox> {
  return Sandbox.open({
    dataDir: data.dataDir,
    shellUid: 1000,
    setting,
    sourceFolders: [data.sourceDir],
    defaultTimeoutMs: async () => limits.timeoutMs ?? 60_000,
    outputCap: async () => limits.outputCap ?? 8_000,
    log: pino({ level: 'silent' }),
  });
}

/** A unique `sleep` duration, to find the processes a test started by their command line. */
export function sleepMarker(): string {
  return `300.${randomBytes(4).readUInt32BE(0)}`;
}

/** Host pids of the running processes whose command line contains `marker`. */
export async function pidsWith(marker: string): Promise<number[]> {
  const pids: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const cmdline = await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    if (cmdline.split('\0').includes(marker)) pids.push(Number(entry));
  }
  return pids;
}

/** True while a process with this pid exists and still runs the marked command. */
export async function stillRunning(pid: number, marker: string): Promise<boolean> {
  const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
  if (!cmdline.split('\0').includes(marker)) return false;
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  return !/^State:\s+Z/m.test(status); // a zombie has already died
}

/** The request a skill call in a test belongs to, for app.skillRunner.run. */
export function runContext(
  app: FastifyInstance,
  requestId: string,
  goalId: string | null = null,
): RunContext {
  return {
    requestId,
    chatId: null,
    goalId,
    actor: 'admin',
    depth: 0,
    signal: new AbortController().signal,
    log: app.log,
    trace: new RunTrace(),
    onProgress: () => {},
  };
}

/** Writes DATA_DIR/skills/<folder>/ with its manifest (an object, or raw text) and files. */
export async function writeSkill(
  skillsDir: string,
  folder: string,
  manifest: unknown,
  files: Record<string, string>,
): Promise<void> {
  await mkdir(path.join(skillsDir, folder), { recursive: true });
  const text = typeof manifest === 'string' ? manifest : JSON.stringify(manifest);
  await writeFile(path.join(skillsDir, folder, 'manifest.json'), text);
  for (const [name, body] of Object.entries(files)) {
    await writeFile(path.join(skillsDir, folder, name), body);
  }
}
