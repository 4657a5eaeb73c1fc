import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createTestApp, type TestApp } from '../../testing/test-app.js';
import { levelFor } from './identity.schema.js';

describe('identity', () => {
  let t: TestApp;
  let client: Client;
  beforeAll(async () => {
    t = await createTestApp();
    client = await t.login();
  });
  afterAll(() => t.close());

  it('starts with a name, a birth time, no XP and level 1', async () => {
    const response = await client.inject({ method: 'GET', url: '/api/identity' });
    expect(response.statusCode).toBe(200);
    const identity = response.json();
    expect(identity).toMatchObject({ name: 'Agent', total_xp: 0, level: 1, next_level_xp: 25 });
    expect(Date.now() - Date.parse(identity.born_at)).toBeLessThan(60_000);
  });

  it('renames the agent and changes its persona, audited', async () => {
    const response = await client.inject({
      method: 'PATCH',
      url: '/api/identity',
      payload: { name: 'Atlas', persona: 'Terse and exact.' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Atlas', persona: 'Terse and exact.' });
    await t.app.audit.flush();
    const { entries } = await t.app.audit.list({ limit: 5, action: 'identity.update' });
    expect(entries[0]?.detail).toMatchObject({
      name: { from: 'Agent', to: 'Atlas' },
      persona_changed: true,
    });
  });

  it('refuses an empty patch and an empty name', async () => {
    for (const payload of [{}, { name: '   ' }]) {
      const response = await client.inject({ method: 'PATCH', url: '/api/identity', payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe('validation_error');
    }
  });

  it('grows XP with completed work, concurrently without losing any', async () => {
    const before = (await t.app.identity.get()).total_xp;
    await Promise.all(Array.from({ length: 20 }, () => t.app.identity.addXp(3)));
    const after = await t.app.identity.get();
    expect(after.total_xp).toBe(before + 60);
    expect(after.level).toBe(levelFor(after.total_xp).level);
  });

  it('levels up on the documented curve', () => {
    expect([0, 24, 25, 99, 100, 225].map((xp) => levelFor(xp).level)).toEqual([1, 1, 2, 2, 3, 4]);
    expect(levelFor(30).nextLevelXp).toBe(100);
  });
});
