import { type Kysely, type Selectable, sql } from 'kysely';
import type { Database } from '../../store/database.js';
import type { Rule, RuleFilter, RuleSource, Trigger } from './behavioral.schema.js';
import type { BehavioralRulesTable } from './behavioral.tables.js';
import './behavioral.tables.js';
import { containsPattern } from '../../store/like.js';

const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);

export function toRule(row: Selectable<BehavioralRulesTable>): Rule {
  return {
    rule_id: row.rule_id,
    text: row.text,
    trigger: row.trigger as Trigger,
    source: row.source,
    confidence: row.confidence,
    enabled: row.enabled,
    hit_count: Number(row.hit_count),
    last_hit_at: iso(row.last_hit_at),
    created_by: row.created_by,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

export interface NewRule {
  rule_id: string;
  text: string;
  trigger: Trigger;
  source: RuleSource;
  confidence: number;
  enabled: boolean;
  created_by: string;
}

/** Inserts a rule with the given handle (the store, or a transaction approving a proposal). */
export async function insertRule(db: Kysely<Database>, rule: NewRule): Promise<Rule> {
  const row = await db
    .insertInto('behavioral_rules')
    .values({ ...rule, trigger: JSON.stringify(rule.trigger) })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toRule(row);
}

export class RulesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  insert(rule: NewRule): Promise<Rule> {
    return insertRule(this.db, rule);
  }

  async get(ruleId: string): Promise<Rule | null> {
    const row = await this.db
      .selectFrom('behavioral_rules')
      .selectAll()
      .where('rule_id', '=', ruleId)
      .executeTakeFirst();
    return row ? toRule(row) : null;
  }

  async list(filter: RuleFilter): Promise<Rule[]> {
    let query = this.db
      .selectFrom('behavioral_rules')
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('rule_id', 'desc')
      .limit(filter.limit);
    if (filter.enabled !== undefined) query = query.where('enabled', '=', filter.enabled);
    if (filter.source) query = query.where('source', '=', filter.source);
    if (filter.q) {
      query = query.where('text', 'ilike', containsPattern(filter.q));
    }
    return (await query.execute()).map(toRule);
  }

  /** Every rule: the control layer keeps them in memory (there are tens, not millions). */
  async all(): Promise<Rule[]> {
    return (await this.db.selectFrom('behavioral_rules').selectAll().execute()).map(toRule);
  }

  async update(
    ruleId: string,
    patch: { text?: string; trigger?: Trigger; confidence?: number; enabled?: boolean },
  ): Promise<Rule | null> {
    const row = await this.db
      .updateTable('behavioral_rules')
      .set({
        ...(patch.text !== undefined ? { text: patch.text } : {}),
        ...(patch.trigger !== undefined ? { trigger: JSON.stringify(patch.trigger) } : {}),
        ...(patch.confidence !== undefined ? { confidence: patch.confidence } : {}),
        ...(patch.enabled !== undefined ? { enabled: patch.enabled } : {}),
        updated_at: sql<Date>`clock_timestamp()`,
      })
      .where('rule_id', '=', ruleId)
      .returningAll()
      .executeTakeFirst();
    return row ? toRule(row) : null;
  }

  async delete(ruleId: string): Promise<Rule | null> {
    const row = await this.db
      .deleteFrom('behavioral_rules')
      .where('rule_id', '=', ruleId)
      .returningAll()
      .executeTakeFirst();
    return row ? toRule(row) : null;
  }

  /** One statement for all the rules that fired in a request, so concurrent hits all count. */
  async recordHits(ruleIds: string[]): Promise<void> {
    if (ruleIds.length === 0) return;
    await this.db
      .updateTable('behavioral_rules')
      .set({
        hit_count: sql<string>`hit_count + 1`,
        last_hit_at: sql<Date>`clock_timestamp()`,
      })
      .where('rule_id', 'in', ruleIds)
      .execute();
  }
}
