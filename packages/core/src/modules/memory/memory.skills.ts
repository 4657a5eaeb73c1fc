import { z } from 'zod';
import { defineSkill, type SkillContext, SkillError, type SkillOutput } from '../skills/skill.js';
import type { MemoryService } from './memory.service.js';
import type { ChangeMeta } from './memory-items.repository.js';
import { cleanPath, MEMORY_LIMITS } from './memory-limits.js';

/**
 * The agent's own hands on its memory. All CONTROLLED: every call is audited, and every change
 * appends to the item's history with the request it came from. Nothing here deletes: forget
 * retracts, and the operator can restore.
 */

const itemId = z.string().trim().min(1).max(64).describe('memory item id, as shown in [brackets]');

function meta(context: SkillContext, reason: string | null = null): ChangeMeta {
  return { actor: 'agent', actor_name: context.actor, request_id: context.requestId, reason };
}

const tainted = (context: SkillContext) => (context.taintedBy?.length ?? 0) > 0;

export function createMemorySkills(memory: MemoryService) {
  const search = defineSkill({
    name: 'memory_search',
    description:
      'Search your long-term memory (facts, preferences, procedures, past observations) by words.',
    level: 'CONTROLLED',
    inputSchema: z.object({
      query: z.string().trim().min(1).max(500).describe('what to look for'),
      limit: z.number().int().min(1).max(20).optional().describe('max hits, default 8'),
    }),
    async execute(input, context): Promise<SkillOutput> {
      const result = await memory.search({
        q: input.query,
        scope: 'all',
        limit: input.limit ?? 8,
        statuses: ['active', 'provisional'],
        mode: 'auto',
        signal: context.signal,
      });
      if (result.hits.length === 0) {
        await memory.deps.items.recordMiss(input.query, meta(context));
        return { text: `Nothing in memory matches "${input.query}".`, data: { hits: 0 } };
      }
      const lines = result.hits.map((hit) =>
        hit.type === 'item'
          ? `- [${hit.item.id}] (${hit.item.kind}, ${hit.item.status}) ${hit.item.path}: ${hit.item.text}`
          : `- observation ${hit.observation.id} (${hit.observation.source_kind}, ${hit.observation.observed_at.slice(0, 10)}): ${hit.observation.content.slice(0, 400)}`,
      );
      const outside = result.hits.some((hit) =>
        hit.type === 'item' ? hit.item.untrusted : hit.observation.untrusted,
      );
      return {
        text: `${result.hits.length} memories (${result.mode} search):\n${lines.join('\n')}`,
        untrusted: outside,
        source: 'memory learned from outside text',
        data: {
          item_ids: result.hits.flatMap((hit) => (hit.type === 'item' ? [hit.item.id] : [])),
        },
        audit: { target: input.query.slice(0, 200) },
      };
    },
  });

  const write = defineSkill({
    name: 'memory_write',
    description:
      'Remember something for later conversations: one self-contained fact, preference or procedure.',
    level: 'CONTROLLED',
    inputSchema: z.object({
      path: z
        .string()
        .max(MEMORY_LIMITS.pathMax)
        .describe('where it belongs, e.g. facts/people/ana or preferences/food'),
      text: z.string().trim().min(1).max(MEMORY_LIMITS.itemTextMax).describe('the fact itself'),
      kind: z.enum(['fact', 'preference', 'procedure']).optional().describe('default fact'),
    }),
    async execute(input, context): Promise<SkillOutput> {
      const twin = await memory.deps.items.findLiveByHash(input.text);
      if (twin)
        return {
          text: `Already in memory as [${twin.id}] ${twin.path}.`,
          data: { item_id: twin.id, created: false },
          audit: { target: twin.id },
        };
      // A run that read outside text may be repeating it: that stays unconfirmed until the operator says so.
      const outside = tainted(context);
      const item = await memory.create(
        {
          path: cleanPath(input.path),
          kind: input.kind ?? 'fact',
          text: input.text,
          pinned: false,
          status: outside ? 'provisional' : 'active',
          confidence: outside ? 0.5 : 0.8,
          source_kind: context.goalId ? 'goal' : 'chat',
          request_id: context.requestId,
          chat_id: context.chatId,
          goal_id: context.goalId,
          untrusted: outside,
          created_by: 'agent',
        },
        meta(context),
      );
      return {
        text: `Remembered as [${item.id}] ${item.path}${item.status === 'provisional' ? ' (unconfirmed: this run read outside text)' : ''}.`,
        data: { item_id: item.id, created: true, status: item.status },
        audit: { target: item.id },
      };
    },
  });

  const replace = defineSkill({
    name: 'memory_replace',
    description:
      'Correct a memory item or a memory block: replace an exact piece of its text with new text (empty new text removes it).',
    level: 'CONTROLLED',
    inputSchema: z.object({
      id: itemId,
      old: z.string().min(1).max(MEMORY_LIMITS.itemTextMax).describe('exact text to replace'),
      new: z.string().max(MEMORY_LIMITS.itemTextMax).describe('replacement text'),
      reason: z.string().max(300).optional().describe('why'),
    }),
    async execute(input, context): Promise<SkillOutput> {
      const item = await memory.get(input.id);
      const at = item.text.indexOf(input.old);
      if (at < 0) throw new SkillError(`[${item.id}] does not contain that text.`, 'not_found');
      if (item.text.indexOf(input.old, at + 1) >= 0)
        throw new SkillError(
          `[${item.id}] contains that text more than once; quote more of it.`,
          'ambiguous',
        );
      const text = item.text.slice(0, at) + input.new + item.text.slice(at + input.old.length);
      const edited = await memory.edit(item.id, { text }, meta(context, input.reason ?? null));
      const room = edited.char_limit ? ` (${edited.chars}/${edited.char_limit} characters)` : '';
      return {
        text: `Updated [${edited.id}] ${edited.path}${room}.`,
        data: { item_id: edited.id },
        audit: { target: edited.id },
      };
    },
  });

  const forget = defineSkill({
    name: 'memory_forget',
    description:
      'Retract a memory item that is wrong or outdated (it stops being used; the operator can restore it).',
    level: 'CONTROLLED',
    inputSchema: z.object({
      id: itemId,
      reason: z.string().trim().min(1).max(300).describe('why it is wrong or outdated'),
    }),
    async execute(input, context): Promise<SkillOutput> {
      const item = await memory.retract(input.id, meta(context, input.reason));
      return {
        text: `Retracted [${item.id}] ${item.path}.`,
        data: { item_id: item.id },
        audit: { target: item.id },
      };
    },
  });

  return [search, write, replace, forget];
}
