import { describe, expect, it } from 'vitest';
import { sqlTestBackends } from '../../testing/services.js';
import { controlLayerHarness } from './control-layer.harness.js';

describe.each(await sqlTestBackends())('control layer: rules that fire (%s)', (backend) => {
  const { client, chat, create, rule, remove, pending } = controlLayerHarness(backend);

  it('applies an always rule: prompt, trace guard and hit count', async () => {
    const always = await create({ text: 'Sign off with "-- your agent".' });
    const { prompt, ruleGuards } = await chat('write a haiku about rain');
    expect(prompt).toContain('- Sign off with "-- your agent".');
    expect(ruleGuards).toEqual([
      {
        guard: 'behavioral_rules',
        verdict: 'pass',
        detail: `rule ${always.rule_id} fired: Sign off with "-- your agent".`,
      },
    ]);
    const counted = await rule(always.rule_id);
    expect(counted.hit_count).toBe(1);
    expect(counted.last_hit_at).not.toBeNull();
    await remove(always.rule_id);
  });

  it('fires a keywords rule only on its words (plurals too)', async () => {
    const invoices = await create({
      text: 'Invoices are due net 30.',
      trigger: { type: 'keywords', keywords: ['invoice', 'purchase order'] },
    });
    expect((await chat('Please draft the invoices for March')).prompt).toContain(
      'Invoices are due net 30.',
    );
    expect((await chat('raise a Purchase-Order for paper')).ruleGuards).toHaveLength(1);
    const quiet = await chat('write a poem about invoicing software');
    expect(quiet.prompt).not.toContain('Invoices are due');
    expect(quiet.ruleGuards).toEqual([]);
    expect((await rule(invoices.rule_id)).hit_count).toBe(2);
    await remove(invoices.rule_id);
  });

  it('fires a regex rule case-insensitively, and skips slow patterns with a flag', async () => {
    const deploy = await create({
      text: 'Ask for a go-ahead before any production deploy.',
      trigger: { type: 'regex', pattern: '\\bdeploy\\w*\\s+to\\s+prod' },
    });
    expect((await chat('We are DEPLOYING to production today')).ruleGuards).toEqual([
      expect.objectContaining({ detail: expect.stringContaining(`rule ${deploy.rule_id} fired`) }),
    ]);
    expect((await chat('deploy it later')).ruleGuards).toEqual([]);

    // Passes the static checks, but backtracks for minutes on this input: the worker is stopped.
    const slow = await create({
      text: 'Never fires.',
      trigger: { type: 'regex', pattern: '.*q.*q.*z' },
    });
    const started = Date.now();
    const { prompt, ruleGuards } = await chat('q'.repeat(3000));
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(prompt).not.toContain('Never fires.');
    expect(ruleGuards).toEqual([
      {
        guard: 'behavioral_rules',
        verdict: 'flag',
        detail: 'regex rules skipped: matching took longer than its time limit',
      },
    ]);
    await remove(slow.rule_id);
    expect((await chat('deploy to prod now')).ruleGuards).toHaveLength(1);
    await remove(deploy.rule_id);
  });

  it('does not fire disabled or low-confidence rules; 0.5 is enough', async () => {
    const off = await create({ text: 'Disabled rule.', enabled: false });
    const unsure = await create({ text: 'Unsure rule.', confidence: 0.49 });
    const borderline = await create({ text: 'Borderline rule.', confidence: 0.5 });
    const { prompt, ruleGuards } = await chat('tell me a joke');
    expect(prompt).not.toContain('Disabled rule.');
    expect(prompt).not.toContain('Unsure rule.');
    expect(prompt).toContain('Borderline rule.');
    expect(ruleGuards).toHaveLength(1);
    expect((await rule(off.rule_id)).hit_count).toBe(0);
    // Turning a rule on applies at once on this replica.
    await client().inject({
      method: 'PATCH',
      url: `/api/behavioral-rules/${off.rule_id}`,
      payload: { enabled: true },
    });
    expect((await chat('another joke')).prompt).toContain('Disabled rule.');
    for (const id of [off.rule_id, unsure.rule_id, borderline.rule_id]) await remove(id);
  });

  it('applies nothing and learns nothing while the behavioral_rules flag is off', async () => {
    const always = await create({ text: 'Flag-gated rule.' });
    await client().inject({
      method: 'PUT',
      url: '/api/config/flags/behavioral_rules',
      payload: { enabled: false },
    });
    try {
      const { prompt, ruleGuards } = await chat("No, don't use tables in replies.");
      expect(prompt).not.toContain('Flag-gated rule.');
      expect(ruleGuards).toEqual([]);
      expect(await pending()).toEqual([]);
    } finally {
      await client().inject({
        method: 'PUT',
        url: '/api/config/flags/behavioral_rules',
        payload: { enabled: true },
      });
    }
    expect((await rule(always.rule_id)).hit_count).toBe(0);
    await remove(always.rule_id);
  });
});
