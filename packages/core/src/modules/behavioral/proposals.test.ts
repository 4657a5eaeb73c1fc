import { describe, expect, it } from 'vitest';
import { sqlTestBackends } from '../../testing/services.js';
import type { Proposal, Rule } from './behavioral.schema.js';
import { controlLayerHarness } from './control-layer.harness.js';

describe.each(await sqlTestBackends())(
  'control layer: corrections become proposals (%s)',
  (backend) => {
    const { app, chat, create, pending, healthQueue, decide } = controlLayerHarness(backend);

    it('turns an operator correction into one pending proposal, shown in health', async () => {
      await chat('No, always answer in French.');
      const [proposal, ...others] = await pending();
      expect(others).toEqual([]);
      expect(proposal).toMatchObject({
        text: 'Always answer in French.',
        trigger: { type: 'always' },
        source: 'correction',
        confidence: 0.6,
        correction: 'No, always answer in French.',
        created_by: 'admin',
        status: 'pending',
        rule_id: null,
      });
      expect(await healthQueue()).toBe(1);
      await app().audit.flush();
      const { entries } = await app().audit.list({ limit: 1, action: 'behavioral.rule_propose' });
      expect(entries[0]).toMatchObject({ target: proposal?.proposal_id, actor: 'admin' });

      // The same correction again, worded a little differently, is not proposed twice.
      await chat('no!! ALWAYS answer in french');
      expect(await pending()).toHaveLength(1);
      // The agent's own requests are not corrections.
      await app().runtime.handle({
        text: 'Never use tables.',
        chatId: 'goal-chat',
        actor: 'agent',
        signal: new AbortController().signal,
      });
      await app().controlLayer.flush();
      expect(await pending()).toHaveLength(1);
    });

    it('approves a proposal (with edits) into an enabled rule that then fires', async () => {
      const [proposal] = await pending();
      const id = proposal?.proposal_id as string;
      const approved = await decide(id, 'approve', {
        text: 'Always answer in French, even when asked in English.',
      });
      expect(approved.statusCode).toBe(200);
      const body = approved.json() as { ok: true; proposal: Proposal; rule: Rule };
      expect(body.proposal).toMatchObject({ status: 'approved', decided_by: 'admin' });
      expect(body.rule).toMatchObject({
        text: 'Always answer in French, even when asked in English.',
        source: 'correction',
        confidence: 0.6,
        enabled: true,
      });
      expect(body.proposal.rule_id).toBe(body.rule.rule_id);
      expect(await pending()).toEqual([]);
      expect(await healthQueue()).toBe(0);
      const { prompt, ruleGuards } = await chat('what is the capital of Peru');
      expect(prompt).toContain('- Always answer in French, even when asked in English.');
      expect(ruleGuards[0]?.detail).toContain(`rule ${body.rule.rule_id} fired`);
      await app().audit.flush();
      const { entries } = await app().audit.list({ limit: 1, action: 'behavioral.rule_approve' });
      expect(entries[0]).toMatchObject({
        target: body.rule.rule_id,
        detail: { proposal_id: id, edited: true },
      });

      for (const verb of ['approve', 'reject'] as const) {
        const again = await decide(id, verb);
        expect(again.statusCode).toBe(409);
        expect(again.json()).toMatchObject({ error: 'invalid_transition' });
      }
      expect((await decide('no-such-proposal', 'approve')).statusCode).toBe(404);
    });

    it('derives keywords from a condition, rejects, and never proposes a rejected correction again', async () => {
      await chat("Don't use bullet points when writing emails.");
      const [proposal] = await pending();
      expect(proposal).toMatchObject({
        text: "Don't use bullet points.",
        trigger: { type: 'keywords', keywords: ['emails'] },
      });
      const rejected = await decide(proposal?.proposal_id as string, 'reject');
      expect(rejected.statusCode).toBe(200);
      expect(rejected.json().proposal).toMatchObject({ status: 'rejected', decided_by: 'admin' });
      expect(await pending()).toEqual([]);
      await chat("don't use bullet points when writing emails");
      expect(await pending()).toEqual([]);
      expect((await decide(proposal?.proposal_id as string, 'approve')).statusCode).toBe(409);
      await app().audit.flush();
      const { entries } = await app().audit.list({ limit: 1, action: 'behavioral.rule_reject' });
      expect(entries[0]).toMatchObject({ target: proposal?.proposal_id });
    });

    it('does not propose what a rule already says, and validates approval edits', async () => {
      await create({ text: 'Never use emojis.' });
      await chat('No - never use emojis!');
      expect(await pending()).toEqual([]);

      await chat('I told you to put the summary first.');
      const [proposal] = await pending();
      expect(proposal?.text).toBe('Put the summary first.');
      const bad = await decide(proposal?.proposal_id as string, 'approve', {
        trigger: { type: 'regex', pattern: '(x+)+y' },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toBe('validation_error');
      expect(await pending()).toHaveLength(1);
      const plain = await decide(proposal?.proposal_id as string, 'approve');
      expect(plain.statusCode).toBe(200);
      expect(plain.json().rule).toMatchObject({
        text: 'Put the summary first.',
        trigger: { type: 'always' },
      });
    });
  },
);
