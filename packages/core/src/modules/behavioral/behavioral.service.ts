import type { z } from 'zod';
import { NotFoundError, ValidationError } from '../../errors/app-error.js';
import type { KvStore } from '../../store/kv/kv-store.js';
import { SharedCache } from '../../store/kv/shared-cache.js';
import { uuidv7 } from '../../util/uuid-v7.js';
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

export interface BehavioralDependencies {
  rules: RulesRepository;
  audit: AuditService;
  /** Where a change to the rules is announced to every replica. */
  kv: KvStore;
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
  /** The rules every model request is matched against, read once per change on any replica. */
  private readonly matching: SharedCache<Rule[]>;

  constructor(private readonly deps: BehavioralDependencies) {
    this.matching = new SharedCache(deps.kv, 'behavioral-rules-changed', () => deps.rules.all());
  }

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
    await this.changed();
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
    await this.changed();
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
    await this.changed();
    this.deps.audit.record({
      action: 'behavioral.rule_delete',
      actor,
      target: ruleId,
      detail: { text: removed.text, source: removed.source, hit_count: removed.hit_count },
      request_id: requestId,
    });
  }

  /** Every rule, enabled or not, kept until a replica announces a change. */
  rulesForMatching(): Promise<Rule[]> {
    return this.matching.get();
  }

  recordHits(ruleIds: string[]): Promise<void> {
    return this.deps.rules.recordHits(ruleIds);
  }

  /** After a change to the rules: every replica reads them afresh (this one at once). */
  changed(): Promise<void> {
    return this.matching.changed();
  }
}
