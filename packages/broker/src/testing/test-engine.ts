import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Debian's busybox-static: one static binary that is the whole test image. */
const BUSYBOX = '/bin/busybox';
export const TEST_IMAGE = 'localhost/agent-broker-test:1';

/**
 * Under CI (or TEST_SERVICES=required) a suite whose engine cannot start fails; on a developer
 * machine without podman it is skipped with a warning, like the other service-backed suites.
 */
const required = process.env.CI === 'true' || process.env.TEST_SERVICES === 'required';

export interface TestContainerSpec {
  name: string;
  labels?: Record<string, string>;
  env?: string[];
  /** Host folders bound into the container (source:destination[:ro]). */
  binds?: string[];
  /** What the container runs; by default it prints a line and waits. */
  command?: string;
  start?: boolean;
}

export interface TestEngine {
  /** The engine's Docker-compatible API socket (what agent-broker mounts). */
  socketPath: string;
  /** The folder holding the engine's private storage (no other engine's containers show). */
  root: string;
  /** Calls the engine's API directly, as the host would (not through the broker). */
  api(method: string, apiPath: string, body?: unknown): Promise<{ status: number; body: string }>;
  createContainer(spec: TestContainerSpec): Promise<string>;
  close(): Promise<void>;
}

async function missing(reason: string): Promise<null> {
  const message = `the container engine is not available: ${reason}`;
  if (required)
    throw new Error(`${message} (required under CI; apt-get install podman runc busybox-static)`);
  console.warn(`[tests] ${message}; its suites are skipped`);
  return null;
}

function callSocket(socketPath: string, method: string, apiPath: string, body?: unknown) {
  const text = body === undefined ? '' : JSON.stringify(body);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const outgoing = request(
      {
        socketPath,
        method,
        path: `/v1.41${apiPath}`,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) },
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () =>
          resolve({
            status: incoming.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end(text);
  });
}

/**
 * conmon runs `podman container cleanup` after each container ends, which can write into the
 * engine's folder after the service has gone; removal is repeated until the folder stays gone.
 */
async function removeEngineFolder(root: string): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt++) {
    await rm(root, { recursive: true, force: true }).catch(() => {});
    await new Promise((resolve) => setTimeout(resolve, 200));
    if (!existsSync(root)) return;
  }
}

async function waitForSocket(socketPath: string, service: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    if (service.exitCode !== null) throw new Error(`podman exited with ${service.exitCode}`);
    if (existsSync(socketPath)) {
      const answer = await callSocket(socketPath, 'GET', '/_ping').catch(() => null);
      if (answer?.status === 200) return;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('podman system service did not answer within 10 s');
}

/**
 * A real Docker-compatible engine for tests: podman's API service (rootful, runc, file events,
 * vfs storage in a private folder), with a two-megabyte image imported from busybox, since no
 * registry is reachable. Containers get lowered ulimits, which runc needs on this machine.
 */
export async function startTestEngine(): Promise<TestEngine | null> {
  const podman = await run('podman', ['--version']).catch(() => null);
  if (!podman) return missing('podman is not installed');
  if (!existsSync(BUSYBOX)) return missing(`${BUSYBOX} is missing (busybox-static)`);

  const root = await mkdtemp(path.join(tmpdir(), 'agent-engine-'));
  const socketPath = path.join(root, 'engine.sock');
  const base = [
    '--root',
    path.join(root, 'storage'),
    '--runroot',
    path.join(root, 'run'),
    '--storage-driver',
    'vfs',
    '--events-backend',
    'file',
    '--runtime',
    'runc',
    '--cgroup-manager',
    'cgroupfs',
  ];
  const service = spawn(
    'podman',
    [...base, 'system', 'service', '--time=0', `unix://${socketPath}`],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let serviceLog = '';
  service.stderr?.on('data', (chunk: Buffer) => {
    serviceLog = (serviceLog + chunk.toString()).slice(-4000);
  });
  try {
    await waitForSocket(socketPath, service);
    const image = path.join(root, 'image');
    await mkdir(path.join(image, 'bin'), { recursive: true });
    await copyFile(BUSYBOX, path.join(image, 'bin', 'busybox'));
    for (const tool of ['sh', 'sleep', 'echo'])
      await symlink('busybox', path.join(image, 'bin', tool));
    await run('tar', ['-C', image, '-cf', `${image}.tar`, '.']);
    await run('podman', [...base, 'import', '--quiet', `${image}.tar`, TEST_IMAGE]);
  } catch (error) {
    service.kill('SIGKILL');
    await removeEngineFolder(root);
    if (required) throw new Error(`${(error as Error).message}\n${serviceLog}`);
    return missing((error as Error).message);
  }

  const api = (method: string, apiPath: string, body?: unknown) =>
    callSocket(socketPath, method, apiPath, body);
  return {
    socketPath,
    root,
    api,
    async createContainer(spec) {
      const created = await api('POST', `/containers/create?name=${spec.name}`, {
        Image: TEST_IMAGE,
        Cmd: [
          '/bin/sh',
          '-c',
          spec.command ?? `echo ready ${spec.name}; echo warning >&2; sleep 3600`,
        ],
        Env: spec.env ?? [],
        Labels: spec.labels ?? {},
        // busybox's sh ignores SIGTERM as PID 1; a stop should not wait out its timeout.
        StopSignal: 'SIGKILL',
        HostConfig: {
          NetworkMode: 'none',
          Binds: spec.binds ?? [],
          Ulimits: [
            { Name: 'nofile', Soft: 1024, Hard: 1024 },
            { Name: 'nproc', Soft: 1024, Hard: 1024 },
          ],
        },
      });
      if (created.status !== 201)
        throw new Error(`create ${spec.name}: ${created.status} ${created.body}`);
      const id = (JSON.parse(created.body) as { Id: string }).Id;
      if (spec.start !== false) {
        const started = await api('POST', `/containers/${id}/start`);
        if (started.status !== 204)
          throw new Error(`start ${spec.name}: ${started.status} ${started.body}`);
      }
      return id;
    },
    async close() {
      await run('podman', [...base, 'rm', '--all', '--force', '--time', '0']).catch(() => {});
      service.kill('SIGTERM');
      await new Promise((resolve) =>
        service.exitCode !== null ? resolve(null) : service.once('exit', resolve),
      );
      await removeEngineFolder(root);
    },
  };
}
