import { describe, expect, it } from 'vitest';
import { loadBrokerConfig, parseEngineAddress } from './config.js';
import { judgeContainer, parseRules } from './container-policy.js';

const TOKEN = 't'.repeat(40);

describe('broker configuration', () => {
  it('reads DOCKER_HOST as the Docker client does', () => {
    expect(parseEngineAddress('unix:///var/run/docker.sock')).toEqual({
      socketPath: '/var/run/docker.sock',
    });
    expect(parseEngineAddress('/run/podman/podman.sock')).toEqual({
      socketPath: '/run/podman/podman.sock',
    });
    expect(parseEngineAddress('tcp://engine:2375')).toEqual({ host: 'engine', port: 2375 });
    expect(() => parseEngineAddress('ssh://engine')).toThrow(/DOCKER_HOST/);
  });

  it('refuses to start without a long token, and keeps the infrastructure out of reach by default', () => {
    expect(() => loadBrokerConfig({ BROKER_TOKEN: 'short' })).toThrow(/BROKER_TOKEN/);
    const config = loadBrokerConfig({ BROKER_TOKEN: TOKEN });
    expect(config).toMatchObject({ port: 2375, actionBudget: 5, actionWindowMs: 600_000 });
    const controllable = { 'agent-runtime.controllable': 'true' };
    const judge = (name: string, labels: Record<string, string> = controllable) =>
      judgeContainer({ name, labels }, config.allow, config.deny).allowed;
    expect(judge('worker')).toBe(true);
    expect(judge('worker', {})).toBe(false);
    for (const name of [
      'agent-broker',
      'agent-proxy',
      'agent-sqldb',
      'agent-kvstore',
      'agent-core',
    ])
      expect(judge(name)).toBe(false);
    // Compose names containers <project>-<service>-<n>; its service label is what the rule meets.
    expect(
      judge('deploy-agent-sqldb-1', {
        ...controllable,
        'com.docker.compose.service': 'agent-sqldb',
      }),
    ).toBe(false);
  });

  it('matches names with * and labels with or without a value', () => {
    const rules = parseRules('BROKER_ALLOW', 'worker-*, label:team, label:tier=web');
    const allowed = (name: string, labels: Record<string, string> = {}) =>
      judgeContainer({ name, labels }, rules, []).allowed;
    expect(allowed('worker-7')).toBe(true);
    expect(allowed('my-worker-7')).toBe(false);
    expect(allowed('x', { team: 'ops' })).toBe(true);
    expect(allowed('x', { tier: 'web' })).toBe(true);
    expect(allowed('x', { tier: 'db' })).toBe(false);
    expect(() => parseRules('BROKER_ALLOW', 'bad name')).toThrow(/neither a container name/);
    expect(() => loadBrokerConfig({ BROKER_TOKEN: TOKEN, BROKER_ACTION_WINDOW: 'soon' })).toThrow(
      /BROKER_ACTION_WINDOW/,
    );
  });
});
