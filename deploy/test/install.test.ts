import { execFile } from 'node:child_process';
import { appendFile, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSTALL_SCRIPT, install, readEnv } from './deploy-files.js';

const run = promisify(execFile);

describe('deploy/install.sh', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'agent-install-'));
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  it('generates every secret into a .env only its owner can read, and prints the next steps', async () => {
    const envFile = path.join(folder, 'first.env');
    const output = await install(envFile, '--domain', 'agent.lan');
    expect((await stat(envFile)).mode & 0o777).toBe(0o600);
    const env = await readEnv(envFile);
    expect(env.DASHBOARD_SECRET).toMatch(/^[0-9a-f]{64}$/);
    expect(env.BROKER_TOKEN).toMatch(/^[0-9a-f]{64}$/);
    for (const name of [
      'DASHBOARD_PASSWORD',
      'MESSAGING_PASSWORD',
      'POSTGRES_PASSWORD',
      'KV_PASSWORD',
    ])
      expect(env[name], name).toMatch(/^[0-9a-f]{32,}$/);
    expect(new Set(Object.values(env)).size).toBe(Object.keys(env).length);
    expect(env).toMatchObject({
      AGENT_DOMAIN: 'agent.lan',
      AGENT_TLS: 'internal',
      DASHBOARD_USER: 'admin',
      AGENT_CORE_REPLICAS: '1',
    });
    expect(output).toContain('Next steps:');
    expect(output).toContain('docker compose up -d --build');
    expect(output).toContain('https://agent.lan/login');
    expect(output).toContain('root.crt');
    // The output names where the secrets are; it never prints one.
    for (const name of ['DASHBOARD_SECRET', 'DASHBOARD_PASSWORD', 'BROKER_TOKEN'])
      expect(output).not.toContain(env[name]);
  });

  it('never overwrites a secret, whether it generated it or the operator wrote it', async () => {
    const envFile = path.join(folder, 'again.env');
    await writeFile(envFile, 'DASHBOARD_SECRET=operator-chosen-secret-of-at-least-32-chars\n', {
      mode: 0o644,
    });
    await install(envFile);
    const first = await readEnv(envFile);
    expect(first.DASHBOARD_SECRET).toBe('operator-chosen-secret-of-at-least-32-chars');
    const output = await install(
      envFile,
      '--email',
      'ops@example.com',
      '--telegram-token',
      '123456:ABCDEFGHIJKLMNOPQRSTUVWXYZ',
      '--telegram-users',
      '42,43',
    );
    expect(output).toMatch(/^kept {6}BROKER_TOKEN$/m);
    const second = await readEnv(envFile);
    for (const name of [
      'DASHBOARD_SECRET',
      'DASHBOARD_PASSWORD',
      'BROKER_TOKEN',
      'MESSAGING_PASSWORD',
      'POSTGRES_PASSWORD',
      'KV_PASSWORD',
    ])
      expect(second[name], name).toBe(first[name]);
    // Settings follow the options; the file is private again.
    expect(second).toMatchObject({
      AGENT_TLS: 'ops@example.com',
      MESSAGING_ALLOWED_USERS: '42,43',
      COMPOSE_PROFILES: 'telegram',
      TELEGRAM_BOT_TOKEN: '123456:ABCDEFGHIJKLMNOPQRSTUVWXYZ',
    });
    expect((await stat(envFile)).mode & 0o777).toBe(0o600);
    await appendFile(envFile, '');
    await install(envFile, '--telegram-token', '999:ZYXWVUTSRQPONMLKJIHGFEDCBA');
    expect((await readEnv(envFile)).TELEGRAM_BOT_TOKEN).toBe('123456:ABCDEFGHIJKLMNOPQRSTUVWXYZ');
  });

  it('refuses bad options without touching anything', async () => {
    const envFile = path.join(folder, 'bad.env');
    for (const options of [
      ['--domain', 'bad domain'],
      ['--telegram-users', '@alice'],
      ['--email', 'nobody'],
      ['--replicas', '0'],
      ['--replicas', 'many'],
      ['--unknown'],
    ]) {
      const failed = await run('sh', [INSTALL_SCRIPT, '--env-file', envFile, ...options]).catch(
        (error: { code: number; stderr: string }) => error,
      );
      expect(failed, options.join(' ')).toMatchObject({
        code: 2,
        stderr: expect.stringMatching(/^install\.sh: /),
      });
    }
    await expect(stat(envFile)).rejects.toThrow(/ENOENT/);
  });
});
