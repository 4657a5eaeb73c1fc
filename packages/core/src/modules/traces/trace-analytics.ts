import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../store/database.js';
import { PendingWrites } from '../../store/pending-writes.js';
import './traces.tables.js';

/** A half-open time range [since, until). */
export interface TimeWindow {
  since: Date;
  until: Date;
}

/** Upper bounds (ms) of the latency histogram's buckets; the last bucket is open-ended. */
export const LATENCY_BOUNDS_MS = [50, 100, 250, 500, 1_000, 2_500, 5_000, 10_000, 30_000, 60_000];

/** Chats the runtime opens for its own work (schedules, goals, sub-agents), not the operator's. */
const OWN_WORK_CHATS = '^(schedule|goal|agent):';

/** Most request ids or times returned per group: evidence, not the whole history. */
const SAMPLE = 20;

const int = (value: unknown) => Number(value ?? 0);
const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/**
 * Aggregates over stored traces for the insight pages. Every query is a range scan of the
 * created_at index (steps through the partial index of traces that have any), grouped in SQL:
 * nothing here loads the traces themselves.
 */
export class TraceAnalytics {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly pending = new PendingWrites(),
  ) {}

  /**
   * The newest trace; a cache computed over traces is stale when this changes. Every figure is
   * read after this (through the insights cache), so this is where pending traces are stored.
   */
  async latest(): Promise<string> {
    await this.pending.settle('traces');
    const { rows } = await sql<{ marker: string }>`
      select created_at::text || '|' || request_id as marker from traces
      order by created_at desc, request_id desc limit 1`.execute(this.db);
    return rows[0]?.marker ?? 'none';
  }

  /** Requests per tier and model, with latency percentiles and error counts. */
  async latencySummary(window: TimeWindow) {
    const { rows } = await sql<Record<string, unknown>>`
      select tier, coalesce(model, '') as model, count(*) as requests,
        count(*) filter (where status = 'error') as errors,
        percentile_cont(0.5) within group (order by latency_ms) as p50,
        percentile_cont(0.95) within group (order by latency_ms) as p95,
        max(latency_ms) as max
      from traces where ${range(window)}
      group by 1, 2 order by 1, 2`.execute(this.db);
    return rows.map((row) => ({
      tier: String(row.tier),
      model: row.model ? String(row.model) : null,
      requests: int(row.requests),
      errors: int(row.errors),
      p50_ms: Math.round(int(row.p50)),
      p95_ms: Math.round(int(row.p95)),
      max_ms: int(row.max),
    }));
  }

  /** Counts per tier, model and latency bucket (index into LATENCY_BOUNDS_MS; last = above). */
  async latencyHistogram(window: TimeWindow) {
    const bounds = sql.raw(`array[${LATENCY_BOUNDS_MS.join(',')}]`);
    const { rows } = await sql<Record<string, unknown>>`
      select tier, coalesce(model, '') as model,
        width_bucket(latency_ms, ${bounds}) as bucket, count(*) as count
      from traces where ${range(window)}
      group by 1, 2, 3 order by 1, 2, 3`.execute(this.db);
    return rows.map((row) => ({
      tier: String(row.tier),
      model: row.model ? String(row.model) : null,
      bucket: int(row.bucket),
      count: int(row.count),
    }));
  }

  /** Requests per UTC day and tier, by outcome. */
  async dailyOutcomes(window: TimeWindow) {
    const { rows } = await sql<Record<string, unknown>>`
      select ${day()} as day, tier, count(*) as requests,
        count(*) filter (where status = 'error') as errors,
        count(*) filter (where status = 'cancelled') as cancelled
      from traces where ${range(window)}
      group by 1, 2 order by 1, 2`.execute(this.db);
    return rows.map((row) => ({
      day: String(row.day),
      tier: String(row.tier),
      requests: int(row.requests),
      errors: int(row.errors),
      cancelled: int(row.cancelled),
    }));
  }

  /** Tokens and recorded cost per UTC day and model (requests that named a model). */
  async dailyUsage(window: TimeWindow) {
    const { rows } = await sql<Record<string, unknown>>`
      select ${day()} as day, model, count(*) as requests,
        sum((tokens->>'input')::bigint) as input, sum((tokens->>'output')::bigint) as output,
        sum((tokens->>'total')::bigint) as total, sum(cost_usd) as cost,
        count(*) filter (where cost_usd is null and (tokens->>'total')::bigint > 0) as unpriced
      from traces where ${range(window)} and model is not null
      group by 1, 2 order by 1, 2`.execute(this.db);
    return rows.map((row) => ({
      day: String(row.day),
      model: String(row.model),
      requests: int(row.requests),
      input_tokens: int(row.input),
      output_tokens: int(row.output),
      total_tokens: int(row.total),
      cost_usd: num(row.cost),
      unpriced_requests: int(row.unpriced),
    }));
  }

  /** Requests per tier by outcome. */
  async tierOutcomes(window: TimeWindow) {
    const { rows } = await sql<Record<string, unknown>>`
      select tier, count(*) filter (where status = 'ok') as ok,
        count(*) filter (where status = 'error') as errors,
        count(*) filter (where status = 'cancelled') as cancelled
      from traces where ${range(window)} group by 1 order by 1`.execute(this.db);
    return rows.map((row) => ({
      tier: String(row.tier),
      ok: int(row.ok),
      errors: int(row.errors),
      cancelled: int(row.cancelled),
    }));
  }

  /** Skill calls by outcome, per skill, or per skill and UTC week (weeks start on Monday). */
  async skillOutcomes(window: TimeWindow, { weekly = false } = {}) {
    const week = weekly
      ? sql`to_char(date_trunc('week', t.created_at at time zone 'UTC'), 'YYYY-MM-DD')`
      : sql`''`;
    const { rows } = await sql<Record<string, unknown>>`
      select ${week} as week, step->>'skill' as skill, count(*) as calls,
        count(*) filter (where step->>'status' = 'done') as done,
        count(*) filter (where step->>'status' = 'error') as errors,
        count(*) filter (where step->>'status' = 'denied') as denied,
        percentile_cont(0.5) within group (order by (step->>'duration_ms')::int)
          filter (where step->>'status' <> 'denied') as p50
      from ${withSteps(window)} cross join lateral jsonb_array_elements(t.steps) as step
      group by 1, 2 order by 2, 1`.execute(this.db);
    return rows.map((row) => ({
      week: String(row.week),
      skill: String(row.skill),
      calls: int(row.calls),
      done: int(row.done),
      errors: int(row.errors),
      denied: int(row.denied),
      p50_ms: num(row.p50) === null ? null : Math.round(Number(row.p50)),
    }));
  }

  /** The same error of the same skill, at least `minimum` times (digits folded to one `#`). */
  async repeatedErrors(window: TimeWindow, minimum: number) {
    const { rows } = await sql<Record<string, unknown>>`
      select step->>'skill' as skill,
        regexp_replace(left(step->>'error', 300), '[0-9]+', '#', 'g') as error,
        count(*) as count, max(t.created_at) as last_at,
        (array_agg(t.request_id order by t.created_at desc))[1:${sql.lit(SAMPLE)}] as request_ids
      from ${withSteps(window)} cross join lateral jsonb_array_elements(t.steps) as step
      where step->>'status' = 'error' and step->>'error' is not null
      group by 1, 2 having count(*) >= ${minimum} order by 3 desc`.execute(this.db);
    return rows.map((row) => ({
      skill: String(row.skill),
      error: String(row.error),
      count: int(row.count),
      last_at: new Date(row.last_at as string).toISOString(),
      request_ids: row.request_ids as string[],
    }));
  }

  /**
   * Consecutive skill sequences of length 1 to `longest` within a request, with how many
   * requests hold each (support) and in how many one run of it had every step done. Length-1
   * rows are always returned (they are the denominators of the next-step probabilities); longer
   * ones from `minimum` requests up.
   */
  async skillSequences(window: TimeWindow, longest: number, minimum: number) {
    const leads = Array.from({ length: longest - 1 }, (_, i) => i + 1);
    const columns = leads.map(
      (n) => sql`lead(skill, ${sql.lit(n)}) over w as s${sql.raw(String(n))},
        lead(status, ${sql.lit(n)}) over w as o${sql.raw(String(n))}`,
    );
    const grams = Array.from({ length: longest }, (_, length) => {
      const names = Array.from({ length: length + 1 }, (_, i) => i);
      const skills = names.map((i) => sql.raw(i === 0 ? 'skill' : `s${i}`));
      const statuses = names.map((i) => sql.raw(`${i === 0 ? 'status' : `o${i}`} = 'done'`));
      const present = length === 0 ? sql`true` : sql.raw(`s${length} is not null`);
      return sql`select request_id, array[${sql.join(skills)}] as sequence,
        (${sql.join(statuses, sql` and `)}) as succeeded from numbered where ${present}`;
    });
    const { rows } = await sql<Record<string, unknown>>`
      with steps as (
        select t.request_id, step.ordinal, step.value->>'skill' as skill,
          step.value->>'status' as status
        from ${withSteps(window)}
        cross join lateral jsonb_array_elements(t.steps) with ordinality as step(value, ordinal)
      ),
      numbered as (
        select request_id, skill, status, ${sql.join(columns)}
        from steps window w as (partition by request_id order by ordinal)
      ),
      grams as (${sql.join(grams, sql` union all `)})
      select sequence, count(distinct request_id) as support,
        count(distinct request_id) filter (where succeeded) as succeeded,
        (array_agg(distinct request_id))[1:3] as examples
      from grams group by sequence
      having cardinality(sequence) = 1 or count(distinct request_id) >= ${minimum}`.execute(
      this.db,
    );
    return rows.map((row) => ({
      sequence: row.sequence as string[],
      support: int(row.support),
      succeeded: int(row.succeeded),
      examples: row.examples as string[],
    }));
  }

  /**
   * The operator's requests asked at least `minimum` times on different days (compared in
   * lower case with spaces folded), with when each was asked (newest `SAMPLE` times).
   */
  async repeatedRequests(window: TimeWindow, minimum: number) {
    const { rows } = await sql<Record<string, unknown>>`
      select lower(regexp_replace(btrim(input), '\\s+', ' ', 'g')) as normalized,
        mode() within group (order by input) as example, count(*) as count,
        (array_agg(created_at::text order by created_at desc))[1:${sql.lit(SAMPLE)}] as times,
        (array_agg(request_id order by created_at desc))[1:${sql.lit(SAMPLE)}] as request_ids
      from traces where ${range(window)} and ${operatorChats()} and length(input) <= 2000
      group by 1
      having count(distinct ${day()}) >= ${minimum}
      order by 3 desc limit 200`.execute(this.db);
    return rows.map((row) => ({
      normalized: String(row.normalized),
      example: String(row.example),
      count: int(row.count),
      times: (row.times as string[]).map((time) => new Date(time).toISOString()),
      request_ids: row.request_ids as string[],
    }));
  }

  /** Targets that read-only skills (`skills`, at MONITORED level) reached in `minimum` requests. */
  async repeatedTargets(window: TimeWindow, skills: string[], minimum: number) {
    const { rows } = await sql<Record<string, unknown>>`
      select step->>'target' as target, count(distinct t.request_id) as count,
        count(distinct ${day('t.created_at')}) as days,
        max(t.created_at) as last_at, min(t.created_at) as first_at,
        (array_agg(distinct step->>'skill')) as skills,
        (array_agg(t.request_id order by t.created_at desc))[1:${sql.lit(SAMPLE)}] as request_ids
      from ${withSteps(window)} cross join lateral jsonb_array_elements(t.steps) as step
      where step->>'target' is not null and step->>'status' = 'done'
        and step->>'level' = 'MONITORED'
        and step->>'skill' in (${sql.join(skills)})
      group by 1 having count(distinct t.request_id) >= ${minimum}
      order by 2 desc limit 200`.execute(this.db);
    return rows.map((row) => ({
      target: String(row.target),
      count: int(row.count),
      days: int(row.days),
      first_at: new Date(row.first_at as string).toISOString(),
      last_at: new Date(row.last_at as string).toISOString(),
      skills: row.skills as string[],
      request_ids: row.request_ids as string[],
    }));
  }

  /**
   * The operator's short messages that open like a correction ("no, ...", "don't ...",
   * "always ...", "I told you ..."), newest first: candidates for a detector to judge.
   */
  async possibleCorrections(window: TimeWindow, limit: number) {
    const { rows } = await sql<Record<string, unknown>>`
      select request_id, input, created_at from traces
      where ${range(window)} and ${operatorChats()} and length(input) <= 500
        and input ~* '^\\s*(no|nope|nah|wrong|that|this|it|you|please|don|do not|never|always|stop|i|next time)\\M'
      order by created_at desc limit ${limit}`.execute(this.db);
    return rows.map((row) => ({
      request_id: String(row.request_id),
      input: String(row.input),
      created_at: new Date(row.created_at as string).toISOString(),
    }));
  }
}

function range(window: TimeWindow, column = 'created_at'): RawBuilder<unknown> {
  const ref = sql.ref(column);
  return sql`${ref} >= ${window.since.toISOString()}::timestamptz and ${ref} < ${window.until.toISOString()}::timestamptz`;
}

/** The traces of a window that ran at least one skill, as `t` (the partial index's rows). */
function withSteps(window: TimeWindow): RawBuilder<unknown> {
  return sql`(select request_id, created_at, steps from traces
    where ${range(window)} and steps <> '[]'::jsonb) as t`;
}

function day(column = 'created_at'): RawBuilder<unknown> {
  return sql`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD')`;
}

function operatorChats(): RawBuilder<unknown> {
  return sql`(chat_id is null or chat_id !~ ${OWN_WORK_CHATS})`;
}
