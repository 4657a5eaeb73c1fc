import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { FEATURE_FLAG_NAMES } from './feature-flags.js';

describe('feature flags and runtime parameters', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { MODEL_MAX_STEPS: '5' } });
  });
  afterAll(() => t.close());

  it('has twelve flags, all on until the operator turns one off', async () => {
    expect(FEATURE_FLAG_NAMES).toHaveLength(12);
    const flags = await t.app.configuration.flags();
    expect(flags.every((flag) => flag.enabled && flag.doc.length > 10)).toBe(true);
  });

  it('stores a flag change, applies it at once, and audits it', async () => {
    await t.app.configuration.setFlag('browser', false, 'admin', 'req-1');
    expect(await t.app.configuration.flag('browser')).toBe(false);
    await t.app.audit.flush();
    const { entries } = await t.app.audit.list({ limit: 5, action: 'config.flag_change' });
    expect(entries[0]).toMatchObject({
      actor: 'admin',
      target: 'browser',
      detail: { from: true, to: false },
    });
    // Another replica (a second service over the same database) sees it too.
    t = await t.restart();
    expect(await t.app.configuration.flag('browser')).toBe(false);
    await t.app.configuration.setFlag('browser', true, 'admin', null);
  });

  it('takes parameters from the environment until the operator sets them, within bounds', async () => {
    const view = (await t.app.configuration.parameters()).find((p) => p.name === 'model_max_steps');
    expect(view).toMatchObject({
      value: 5,
      default: 5,
      source: 'environment',
      min: 1,
      max: 50,
      live: true,
    });
    const set = await t.app.configuration.setParameter('model_max_steps', 12, 'admin', null);
    expect(set).toMatchObject({ value: 12, source: 'operator', updated_by: 'admin' });
    expect(await t.app.configuration.parameter('model_max_steps')).toBe(12);
    await expect(
      t.app.configuration.setParameter('model_max_steps', 51, 'admin', null),
    ).rejects.toMatchObject({
      status: 400,
      code: 'validation_error',
    });
    await expect(
      t.app.configuration.setParameter('model_max_steps', 2.5, 'admin', null),
    ).rejects.toMatchObject({
      code: 'validation_error',
    });
    const reset = await t.app.configuration.setParameter('model_max_steps', null, 'admin', null);
    expect(reset).toMatchObject({ value: 5, source: 'environment' });
  });
});
