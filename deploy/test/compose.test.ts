import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMPOSE_FILE,
  composeAvailable,
  DEPLOY_DIR,
  type Rendered,
  renderCompose,
  type Service,
} from './deploy-files.js';

const run = promisify(execFile);
const hasCompose = await composeAvailable();

const SERVICES = [
  'agent-broker',
  'agent-core',
  'agent-kvstore',
  'agent-llm',
  'agent-messaging',
  'agent-proxy',
  'agent-sqldb',
];
const SECRETS = [
  'DASHBOARD_SECRET',
  'DASHBOARD_PASSWORD',
  'BROKER_TOKEN',
  'MESSAGING_PASSWORD',
  'POSTGRES_PASSWORD',
  'KV_PASSWORD',
  'TELEGRAM_BOT_TOKEN',
];

const volumeOf = (volume: NonNullable<Service['volumes']>[number]) => {
  if (typeof volume !== 'string')
    return {
      source: volume.source ?? '',
      target: volume.target,
      readOnly: volume.read_only === true,
    };
  const [source = '', target = '', mode = ''] = volume.split(':');
  return { source, target, readOnly: mode.split(',').includes('ro') };
};
const tmpfsOf = (service: Service) =>
  (typeof service.tmpfs === 'string' ? [service.tmpfs] : (service.tmpfs ?? [])).map(
    (entry) => entry.split(':')[0],
  );
const isSocket = (source: string) => /\.sock$|docker\.sock|podman/.test(source);

describe.skipIf(!hasCompose)('deploy/compose.yaml as docker-compose renders it', () => {
  let rendered: Rendered;
  let env: Record<string, string>;
  let envFile: string;
  let cleanup: () => Promise<void>;
  let services: Record<string, Service>;
  beforeAll(async () => {
    ({ rendered, env, envFile, cleanup } = await renderCompose());
    services = rendered.services;
  });
  afterAll(() => cleanup?.());

  it('has the seven containers of SPEC section 1, all on agent-net and nowhere else', () => {
    expect(Object.keys(services).sort()).toEqual(SERVICES);
    expect(Object.keys(rendered.networks)).toEqual(['agent-net']);
    for (const [name, service] of Object.entries(services)) {
      const networks = Array.isArray(service.networks)
        ? service.networks
        : Object.keys(service.networks ?? {});
      expect(networks, name).toEqual(['agent-net']);
      expect(service.network_mode, name).toBeUndefined();
      expect(service.pid, name).toBeUndefined();
    }
  });

  it('publishes ports only from agent-proxy, and only 80 and 443', () => {
    const published = Object.entries(services).filter(
      ([, service]) => (service.ports ?? []).length > 0,
    );
    expect(published.map(([name]) => name)).toEqual(['agent-proxy']);
    const ports = (services['agent-proxy']?.ports ?? []).map((port) =>
      typeof port === 'string'
        ? port
        : `${port.published}:${port.target}/${port.protocol ?? 'tcp'}`,
    );
    expect(ports.sort()).toEqual(['443:443/tcp', '443:443/udp', '80:80/tcp']);
  });

  it("runs each container as SPEC's table says, none privileged, every capability dropped", () => {
    expect(services['agent-core']?.user).toBe('1000:1000');
    expect(services['agent-messaging']?.user).toBe('1000:1000');
    expect(services['agent-broker']?.user).toBe('0:0');
    for (const name of ['agent-proxy', 'agent-sqldb', 'agent-kvstore', 'agent-llm']) {
      const user = services[name]?.user ?? '';
      expect(user, name).not.toBe('');
      expect(user.split(':')[0], name).not.toMatch(/^(0|root)$/);
    }
    for (const [name, service] of Object.entries(services)) {
      expect(service.privileged ?? false, name).toBe(false);
      expect(service.cap_drop, name).toEqual(['ALL']);
      expect(service.cap_add ?? [], name).toEqual([]);
      expect(service.devices ?? [], name).toEqual([]);
      expect(service.security_opt, name).toContain('no-new-privileges:true');
      expect(service.security_opt ?? [], name).not.toContain('seccomp=unconfined');
      expect(service.security_opt ?? [], name).not.toContain('apparmor=unconfined');
      expect(service.read_only, name).toBe(true);
    }
  });

  it('gives agent-core the seccomp profile bubblewrap needs: Docker’s default plus namespaces', async () => {
    const options = services['agent-core']?.security_opt ?? [];
    const seccomp = options.find((option) => option.startsWith('seccomp'));
    expect(seccomp).toBeDefined();
    const profile = JSON.parse(
      await readFile(path.join(DEPLOY_DIR, 'seccomp', 'agent-core.json'), 'utf8'),
    ) as {
      defaultAction: string;
      syscalls: {
        names: string[];
        action: string;
        args?: unknown[];
        includes?: { caps?: string[] };
      }[];
    };
    expect(profile.defaultAction).toBe('SCMP_ACT_ERRNO');
    const allowed = new Set(
      profile.syscalls
        .filter((rule) => rule.action === 'SCMP_ACT_ALLOW' && !rule.args && !rule.includes?.caps)
        .flatMap((rule) => rule.names),
    );
    for (const call of ['clone', 'unshare', 'mount', 'umount2', 'pivot_root', 'read', 'execve'])
      expect(allowed.has(call), call).toBe(true);
    // What bubblewrap does not need stays refused, as in Docker's default profile.
    for (const call of [
      'setns',
      'bpf',
      'kexec_load',
      'init_module',
      'open_by_handle_at',
      'perf_event_open',
      'reboot',
      'swapon',
      'keyctl',
      'add_key',
      'ptrace_attach',
      'userfaultfd',
    ])
      expect(allowed.has(call), call).toBe(false);
    for (const name of Object.keys(services).filter((service) => service !== 'agent-core'))
      expect(services[name]?.security_opt ?? [], name).toEqual(['no-new-privileges:true']);
  });

  it('mounts the engine socket in agent-broker and in no other container', () => {
    for (const [name, service] of Object.entries(services)) {
      const sockets = (service.volumes ?? [])
        .map(volumeOf)
        .filter((volume) => isSocket(volume.source) || isSocket(volume.target));
      if (name === 'agent-broker')
        expect(sockets.map((s) => s.target)).toEqual(['/var/run/docker.sock']);
      else expect(sockets, name).toEqual([]);
    }
    expect(services['agent-broker']?.environment?.DOCKER_HOST).toBe('unix:///var/run/docker.sock');
  });

  it('gives agent-core a read-only root with only /data, /tmp and /app/src writable, behind the proxy', () => {
    const core = services['agent-core'] as Service;
    expect(core.read_only).toBe(true);
    expect((core.volumes ?? []).map(volumeOf)).toEqual([
      { source: 'core-data', target: '/data', readOnly: false },
    ]);
    expect(tmpfsOf(core).sort()).toEqual(['/app/src', '/tmp']);
    expect(core.environment).toMatchObject({
      TRUST_PROXY: 'true',
      HOST: '0.0.0.0',
      DATA_DIR: '/data',
      APP_SRC_DIR: '/app/src',
      BROKER_URL: 'http://agent-broker:2375',
      BROKER_TOKEN: env.BROKER_TOKEN,
      DASHBOARD_SECRET: env.DASHBOARD_SECRET,
      DATABASE_URL: `postgres://agent:${env.POSTGRES_PASSWORD}@agent-sqldb:5432/agent`,
      KV_URL: `redis://:${env.KV_PASSWORD}@agent-kvstore:6379/0`,
    });
    expect(core.healthcheck?.test).toEqual(['CMD', 'node', 'deploy/healthcheck.mjs']);
  });

  it('keeps PostgreSQL (pgvector) and Valkey on volumes, with healthchecks', () => {
    const sqldb = services['agent-sqldb'] as Service;
    expect(sqldb.image).toMatch(/^pgvector\/pgvector:pg\d+$/);
    expect((sqldb.volumes ?? []).map(volumeOf)).toEqual([
      { source: 'sqldb-data', target: '/var/lib/postgresql/data', readOnly: false },
    ]);
    expect(sqldb.healthcheck?.test).toEqual([
      'CMD',
      'pg_isready',
      '-h',
      '127.0.0.1',
      '-U',
      'agent',
      '-d',
      'agent',
    ]);
    const kvstore = services['agent-kvstore'] as Service;
    expect(kvstore.image).toMatch(/^valkey\/valkey:/);
    expect((kvstore.volumes ?? []).map(volumeOf)).toEqual([
      { source: 'kvstore-data', target: '/data', readOnly: false },
    ]);
    expect(JSON.stringify(kvstore.healthcheck?.test)).toContain('valkey-cli ping');
    for (const volume of ['core-data', 'sqldb-data', 'kvstore-data', 'proxy-data', 'llm-models'])
      expect(rendered.volumes).toHaveProperty(volume);
  });

  it('terminates TLS in Caddy and passes requests to agent-core; Telegram and Ollama are optional profiles', async () => {
    const proxy = services['agent-proxy'] as Service;
    expect(proxy.environment).toMatchObject({
      AGENT_DOMAIN: 'agent.example.com',
      AGENT_TLS: 'internal',
    });
    const caddyfile = (proxy.volumes ?? [])
      .map(volumeOf)
      .find((volume) => volume.target === '/etc/caddy/Caddyfile');
    expect(caddyfile?.readOnly).toBe(true);
    const text = await readFile(caddyfile?.source ?? '', 'utf8');
    expect(text).toMatch(/^\{\$AGENT_DOMAIN\} \{$/m);
    expect(text).toMatch(/^\s+tls \{\$AGENT_TLS\}$/m);
    // Every agent-core replica by the network's DNS, in turn (docs/operations.md, "Scaling out").
    expect(text).toMatch(/^\s+dynamic a \{\s+name agent-core\s+port 8080\b/m);
    expect(text).toMatch(/^\s+lb_policy round_robin$/m);
    expect(Number(services['agent-core']?.deploy?.replicas)).toBe(3);
    expect(services['agent-messaging']?.profiles).toEqual(['telegram']);
    expect(services['agent-messaging']?.environment?.CORE_URL).toBe('http://agent-core:8080');
    expect(services['agent-llm']?.profiles).toEqual(['llm']);
    expect(env.COMPOSE_PROFILES).toBe('telegram,llm');
  });

  it('holds no secret itself: every secret comes from the .env the install script wrote', async () => {
    const raw = await readFile(COMPOSE_FILE, 'utf8');
    for (const name of SECRETS) {
      const value = env[name] ?? '';
      expect(value.length, name).toBeGreaterThan(0);
      expect(raw).not.toContain(value);
      expect(rendered.text).toContain(value);
    }
    // No literal that looks like a key or password is written in the file.
    expect(raw).not.toMatch(/[0-9a-f]{32,}/i);
    expect(raw).not.toMatch(/^\s+[A-Z_]*(PASSWORD|SECRET|TOKEN):[ \t]*[^$\s{]/m);
  });

  it('refuses to render without the .env (nothing starts half-configured)', async () => {
    const empty = path.join(path.dirname(envFile), 'empty.env');
    await writeFile(empty, '');
    const failed = await run(
      'docker-compose',
      ['--env-file', empty, '-f', COMPOSE_FILE, 'config', '-q'],
      {
        env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
      },
    ).catch((error: { code: number; stderr: string }) => error);
    expect(failed).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('run ./install.sh first'),
    });
  });
});

describe('the Dockerfiles of core, broker and messaging', () => {
  const dockerfile = (name: string) =>
    readFile(path.join(DEPLOY_DIR, `${name}.Dockerfile`), 'utf8');

  it('build in stages, prebuild the dashboard, run as SPEC says, and check their health', async () => {
    for (const [name, user] of [
      ['core', '1000:1000'],
      ['broker', '0:0'],
      ['messaging', '1000:1000'],
    ] as const) {
      const text = await dockerfile(name);
      expect(text.match(/^FROM /gm)?.length ?? 0, name).toBeGreaterThanOrEqual(2);
      expect(text.match(/^USER (\S+)$/gm)?.at(-1), name).toBe(`USER ${user}`);
      expect(text, name).toMatch(/^HEALTHCHECK .+ CMD \["node", /m);
    }
    const core = await dockerfile('core');
    expect(core).toContain('RUN npm run build -w @agent-runtime/dashboard');
    expect(core).toContain('COPY --from=build /build/packages/dashboard/dist ./dashboard');
    expect(core).toMatch(/DASHBOARD_DIR=\/app\/dashboard/);
  });
});
