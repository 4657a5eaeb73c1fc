import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, listConfigFields, loadConfig } from './index.js';

const README = readFileSync(path.resolve(import.meta.dirname, '../../../../README.md'), 'utf8');

/** Rows of the README's configuration table: variable -> default as written. */
function readmeVariables(): Map<string, string | undefined> {
  const rows = new Map<string, string | undefined>();
  for (const line of README.split('\n')) {
    const match = /^\| `([A-Z0-9_]+)` \| (`([^`]*)`|unset) \| .+ \|$/.exec(line);
    if (match?.[1]) rows.set(match[1], match[2] === 'unset' ? undefined : match[3]);
  }
  return rows;
}

describe('configuration', () => {
  it('has defaults that start the embedded runtime', () => {
    const config = loadConfig({});
    expect(config.server).toEqual({
      port: 8080,
      host: '127.0.0.1',
      requestTimeoutMs: 30_000,
      trustProxy: false,
      logLevel: 'info',
      metricsPort: 9464,
    });
    expect(config.storage).toEqual({
      dataDir: './data',
      databaseUrl: undefined,
      kvUrl: undefined,
      codeCacheDir: undefined,
    });
    expect(config.auth.sessionTtlMs).toBe(7 * 24 * 3600_000);
    expect(config.health.cpiHighThreshold).toBe(80);
    expect(Object.isFrozen(config) && Object.isFrozen(config.server)).toBe(true);
  });

  it('parses the values operators write', () => {
    const config = loadConfig({
      PORT: '9000',
      TRUST_PROXY: 'yes',
      SESSION_TTL: '12h',
      DATABASE_URL: 'postgres://u@h/db',
      KV_URL: 'rediss://h:6380',
    });
    expect(config.server.port).toBe(9000);
    expect(config.server.trustProxy).toBe(true);
    expect(config.auth.sessionTtlMs).toBe(12 * 3600_000);
    expect(config.storage.databaseUrl).toBe('postgres://u@h/db');
  });

  it.each([
    ['PORT', '70000'],
    ['PORT', 'eighty'],
    ['TRUST_PROXY', 'maybe'],
    ['LOG_LEVEL', 'loud'],
    ['SESSION_TTL', 'forever'],
    ['SESSION_TTL', '0s'],
    ['DATABASE_URL', 'mysql://root@localhost/db'],
    ['KV_URL', 'not a url'],
    ['DASHBOARD_SECRET', 'short'],
    ['DASHBOARD_PASSWORD', 'abc'],
    ['DASHBOARD_USER', 'has spaces'],
    ['CPI_HIGH_THRESHOLD', '101'],
    ['METRICS_PORT', '-1'],
  ])('names %s when its value (%s) is bad', (name, value) => {
    let error: unknown;
    try {
      loadConfig({ [name]: value });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    expect(message).toContain(`${name}:`);
    const field = listConfigFields().find((f) => f.env === name);
    if (field?.secret) expect(message).not.toContain(value);
  });

  it('reports every bad variable at once', () => {
    expect(() => loadConfig({ PORT: 'x', LOG_LEVEL: 'y' })).toThrow(/PORT:[\s\S]*LOG_LEVEL:/);
  });

  it('is documented in the README table, variable for variable and default for default', () => {
    const documented = readmeVariables();
    const fields = listConfigFields();
    expect([...documented.keys()].sort()).toEqual(fields.map((f) => f.env).sort());
    for (const field of fields) expect(documented.get(field.env), field.env).toBe(field.default);
  });
});
