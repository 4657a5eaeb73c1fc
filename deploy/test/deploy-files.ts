import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'yaml';

const run = promisify(execFile);

export const DEPLOY_DIR = path.resolve(import.meta.dirname, '..');
export const COMPOSE_FILE = path.join(DEPLOY_DIR, 'compose.yaml');
export const INSTALL_SCRIPT = path.join(DEPLOY_DIR, 'install.sh');

/**
 * Debian's docker-compose renders the file offline. Under CI (or TEST_SERVICES=required) a
 * machine without it fails the suite; elsewhere the suite is skipped with a warning.
 */
export async function composeAvailable(): Promise<boolean> {
  const found = await run('docker-compose', ['version']).then(
    () => true,
    () => false,
  );
  if (found) return true;
  const message = 'docker-compose is not installed (apt-get install docker-compose)';
  if (process.env.CI === 'true' || process.env.TEST_SERVICES === 'required')
    throw new Error(message);
  console.warn(`[tests] ${message}; the compose suite is skipped`);
  return false;
}

/** Runs install.sh with these options against an .env in a fresh folder. */
export async function install(envFile: string, ...options: string[]) {
  const { stdout } = await run('sh', [INSTALL_SCRIPT, '--env-file', envFile, ...options]);
  return stdout;
}

export async function readEnv(envFile: string): Promise<Record<string, string>> {
  const text = await readFile(envFile, 'utf8');
  return Object.fromEntries(
    text
      .split('\n')
      .filter((line) => line.includes('='))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
}

export interface Service {
  user?: string;
  image?: string;
  build?: { context: string; dockerfile?: string };
  ports?: Array<string | { target: number; published: number | string; protocol?: string }>;
  volumes?: Array<string | { type: string; source?: string; target: string; read_only?: boolean }>;
  tmpfs?: string[] | string;
  environment?: Record<string, string | null>;
  networks?: Record<string, unknown> | string[];
  read_only?: boolean;
  privileged?: boolean;
  cap_add?: string[];
  cap_drop?: string[];
  security_opt?: string[];
  healthcheck?: { test: string[] | string };
  profiles?: string[];
  network_mode?: string;
  pid?: string;
  devices?: string[];
  deploy?: { replicas?: number | string };
}

export interface Rendered {
  services: Record<string, Service>;
  networks: Record<string, { driver?: string; internal?: boolean }>;
  volumes: Record<string, unknown>;
  /** The YAML text docker-compose printed. */
  text: string;
}

/**
 * What `docker-compose config` (Debian's package) makes of the compose file with an .env the
 * install script wrote: it validates the file and prints the configuration compose would run.
 */
export async function renderCompose(): Promise<{
  rendered: Rendered;
  env: Record<string, string>;
  envFile: string;
  cleanup(): Promise<void>;
}> {
  const folder = await mkdtemp(path.join(tmpdir(), 'agent-deploy-'));
  const envFile = path.join(folder, '.env');
  await install(
    envFile,
    '--domain',
    'agent.example.com',
    '--telegram-token',
    '123456:ABCDEFGHIJKLMNOPQRSTUVWXYZ',
    '--llm',
    '--replicas',
    '3',
  );
  const { stdout } = await run(
    'docker-compose',
    ['--env-file', envFile, '-f', COMPOSE_FILE, 'config'],
    // In deploy/, as operators run it: compose reads the seccomp profile relative to there.
    { cwd: DEPLOY_DIR, env: { PATH: process.env.PATH ?? '/usr/bin:/bin' } },
  );
  return {
    rendered: { ...(parse(stdout) as Omit<Rendered, 'text'>), text: stdout },
    env: await readEnv(envFile),
    envFile,
    cleanup: () => rm(folder, { recursive: true, force: true }),
  };
}
