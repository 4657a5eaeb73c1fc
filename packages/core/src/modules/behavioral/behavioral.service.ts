import { v7 as uuidv7 } from 'uuid';
import type { z } from 'zod';
import { NotFoundError, ValidationError } from '../../errors/app-error.js';
import type { AuditService } from '../audit/audit.plugin.js';
import {
  type Rule,
  type RuleCreate,
  type RuleFilter,
  type RulePatch,
  type RuleSource,
  ruleCreateSchema,
  rulePatchSchema,
} from './behavioral.schema.js';
import type { RulesRepository } from './rules.repository.js';

/** How long a replica may match with rules another replica has changed. */
const CACHE_MS = 2_000;

export interface BehavioralDependencies {
  rules: RulesRepository;
  audit: AuditService;
}

/** Parses with a schema, as a 400 validation_error naming each problem. */
export function parsed<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw new ValidationError(
    'Invalid rule',
    result.error.issues.map((issue) => ({
      path: `/${issue.path.join('/')}`,
      message: issue.message,
    })),
  );
}

/** Behavioral rules: written by the operator, learned from corrections, or made by the agent. */
export class BehavioralService {
  private cache: { at: number; rules: Rule[] } | null = null;

  constructor(private readonly deps: BehavioralDependencies) {}

  list(filter: RuleFilter): Promise<Rule[]> {
    return this.deps.rules.list(filter);
  }

  async get(ruleId: string): Promise<Rule> {
    const rule = await this.deps.rules.get(ruleId);
    if (!rule) throw new NotFoundError('No such behavioral rule');
    return rule;
  }

  /** A new rule; validated here too, since other modules may call it with their own input. */
  async create(
    input: Partial<RuleCreate> & { text: string },
    source: RuleSource,
    actor: string,
    requestId: string | null,
  ): Promise<Rule> {
    const valid = parsed(ruleCreateSchema, input);
    const rule = await this.deps.rules.insert({
      rule_id: uuidv7(),
      ...valid,
      source,
      created_by: actor,
    });
    this.changed();
    this.deps.audit.record({
      action: 'behavioral.rule_create',
      actor,
      target: rule.rule_id,
      detail: {
        text: rule.text,
        trigger: rule.trigger,
        source,
        confidence: rule.confidence,
        enabled: rule.enabled,
      },
      request_id: requestId,
    });
    return rule;
  }

  async update(
    ruleId: string,
    patch: RulePatch,
    actor: string,
    requestId: string | null,
  ): Promise<Rule> {
    const valid = parsed(rulePatchSchema, patch);
    const before = await this.get(ruleId);
    const after = await this.deps.rules.update(ruleId, valid);
    if (!after) throw new NotFoundError('No such behavioral rule');
    this.changed();
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    for (const key of ['text', 'trigger', 'confidence', 'enabled'] as const)
      if (JSON.stringify(before[key]) !== JSON.stringify(after[key]))
        changes[key] = { from: before[key], to: after[key] };
    this.deps.audit.record({
      action: 'behavioral.rule_update',
      actor,
      target: ruleId,
      detail: { changes },
      request_id: requestId,
    });
    return after;
  }

  async remove(ruleId: string, actor: string, requestId: string | null): Promise<void> {
    const removed = await this.deps.rules.delete(ruleId);
    if (!removed) throw new NotFoundError('No such behavioral rule');
    this.changed();
    this.deps.audit.record({
      action: 'behavioral.rule_delete',
      actor,
      target: ruleId,
      detail: { text: removed.text, source: removed.source, hit_count: removed.hit_count },
      request_id: requestId,
    });
  }

  /** Every rule, enabled or not, cached; a change on another replica shows within CACHE_MS. */
  async rulesForMatching(): Promise<Rule[]> {
    if (this.cache && Date.now() - this.cache.at < CACHE_MS) return this.cache.rules;
    const rules = await this.deps.rules.all();
    this.cache = { at: Date.now(), rules };
    return rules;
  }

  recordHits(ruleIds: string[]): Promise<void> {
    return this.deps.rules.recordHits(ruleIds);
  }

  /** Forgets the cached rules, after a change made here (others see it within CACHE_MS). */
  changed(): void {
    this.cache = null;
  }
}
