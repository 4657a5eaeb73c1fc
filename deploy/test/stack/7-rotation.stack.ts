// Rotating DASHBOARD_SECRET as docs/operations.md words it: every session ends, a credential
// sealed with the old secret is reported unreadable (never a crash or a wrong value), and saving
// it again makes it work.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { runDrill, waitHealthy } from './operations.js';
import { readDeployEnv, signIn } from './stack.js';

describe('rotating DASHBOARD_SECRET', () => {
  it('ends every session and asks for credentials sealed with the old secret again', async () => {
    const provider = `rotate${randomUUID().slice(0, 8)}`;
    const before = await signIn();
    const created = await before.call('/api/models/providers', {
      body: {
        provider_id: provider,
        kind: 'openai_compatible',
        label: 'Rotation',
        base_url: 'http://agent-llm:11434/v1',
        api_key: 'sk-sealed-with-the-old-secret',
      },
    });
    expect(created.status, created.body).toBe(201);
    const oldSecret = readDeployEnv().DASHBOARD_SECRET;

    await runDrill('rotate-dashboard-secret');
    await waitHealthy();
    expect(readDeployEnv().DASHBOARD_SECRET).toMatch(/^[0-9a-f]{64}$/);
    expect(readDeployEnv().DASHBOARD_SECRET).not.toBe(oldSecret);

    expect((await before.call('/auth/session')).status).toBe(401);
    const after = await signIn();
    const stale = await after.call(`/api/models/providers/${provider}/test`, {
      method: 'POST',
      body: {},
    });
    expect(stale.json().error, stale.body).toBe('vault_unreadable');
    expect(stale.json().message).toMatch(/wrong DASHBOARD_SECRET/);

    const saved = await after.call(`/api/models/providers/${provider}`, {
      method: 'PATCH',
      body: { api_key: 'sk-sealed-with-the-new-secret' },
    });
    expect(saved.status, saved.body).toBe(200);
    const fresh = await after.call(`/api/models/providers/${provider}/test`, {
      method: 'POST',
      body: {},
    });
    expect(fresh.json().ok, fresh.body).toBe(true);
  }, 600_000);
});
