import { type Kysely, sql } from 'kysely';
import type { Database } from '../../store/database.js';
import { MEMORY_LIMITS } from './memory-limits.js';
import './memory.tables.js';

export type CheckStatus = 'pass' | 'warn' | 'fail';

export const INTEGRITY_CHECKS = [
  'provenance',
  'block_limits',
  'duplicates',
  'near_duplicates',
  'dangling_relations',
  'history',
  'embedding_coverage',
  'patch_digests',
] as const;
export type CheckName = (typeof INTEGRITY_CHECKS)[number];

export interface IntegrityCheck {
  name: CheckName;
  title: string;
  status: CheckStatus;
  /** Rows (or patches) that fail the check. */
  count: number;
  detail: string;
  /** Up to 20 ids to look at. */
  sample_ids: string[];
}

export interface IntegrityReport {
  status: CheckStatus;
  checked_at: string;
  checks: IntegrityCheck[];
}

export interface IntegrityInputs {
  /** The embedding model in use, or null in lexical mode. */
  embeddingModel: string | null;
  /** Persisted self-improve patches and whether each still matches its .sha256 sidecar. */
  patchDigests(): Promise<Array<{ name: string; digest_ok: boolean }>>;
}

const SAMPLE = 20;
/** Near-duplicates are looked for among this many most recent live items. */
const NEAR_DUPLICATE_SCAN = 2_000;

type Rows = Array<{ id: string }>;

const check = (
  name: CheckName,
  title: string,
  rows: Rows,
  failWith: CheckStatus,
  describe: (count: number) => string,
  count = rows.length,
): IntegrityCheck => ({
  name,
  title,
  status: count > 0 ? failWith : 'pass',
  count,
  detail: describe(count),
  sample_ids: rows.slice(0, SAMPLE).map((row) => row.id),
});

const worst = (checks: IntegrityCheck[]): CheckStatus =>
  checks.some((c) => c.status === 'fail')
    ? 'fail'
    : checks.some((c) => c.status === 'warn')
      ? 'warn'
      : 'pass';

async function rows(db: Kysely<Database>, query: ReturnType<typeof sql>): Promise<Rows> {
  return (await query.execute(db)).rows as Rows;
}

/**
 * Invariants of the stored memory, each checked by a query that finds the rows breaking it.
 * The repository keeps them on every write path; these catch rows written around it (restored
 * backups, hand-written SQL) and drift the repository cannot see (a changed embedding model,
 * a tampered patch).
 */
export async function integrityReport(
  db: Kysely<Database>,
  inputs: IntegrityInputs,
  trigram: boolean,
): Promise<IntegrityReport> {
  const checks: IntegrityCheck[] = [];

  const noProvenance = await rows(
    db,
    sql`select i.id from memory_items i
        where i.created_by <> 'operator'
          and ((i.request_id is null and i.observation_id is null and i.source_ref is null)
            or (i.observation_id is not null
                and not exists (select 1 from observations o where o.id = i.observation_id)))
        order by i.created_at desc`,
  );
  checks.push(
    check('provenance', 'Items without provenance', noProvenance, 'fail', (n) =>
      n === 0
        ? 'Every item the agent or the extractor wrote names the request, observation or source it came from.'
        : `${n} item(s) name no request, observation or source, or an observation that does not exist.`,
    ),
  );

  const overLimit = await rows(
    db,
    sql`select id from memory_items
        where char_limit is not null and char_length(text) > char_limit
           or char_length(text) > ${MEMORY_LIMITS.itemTextMax}
           or (pinned and char_limit is null)`,
  );
  const reserved = Number(
    (
      (
        await sql<{ total: string | null }>`select sum(char_limit) as total from memory_items
          where pinned and status = 'active'`.execute(db)
      ).rows[0] ?? { total: '0' }
    ).total ?? 0,
  );
  const overBudget = reserved > MEMORY_LIMITS.pinnedTotalMax;
  checks.push(
    check(
      'block_limits',
      'Blocks over their character limit',
      overLimit,
      'fail',
      (n) =>
        [
          n === 0 ? 'Every item is within its limit.' : `${n} item(s) exceed their limit.`,
          `Pinned blocks reserve ${reserved} of ${MEMORY_LIMITS.pinnedTotalMax} prompt characters${overBudget ? ' (over budget)' : ''}.`,
        ].join(' '),
      overLimit.length + (overBudget ? 1 : 0),
    ),
  );

  const duplicates = await rows(
    db,
    sql`select id from (
          select id, row_number() over (partition by content_hash order by created_at, id) as n
          from memory_items where status in ('active', 'provisional')) d
        where n > 1`,
  );
  checks.push(
    check('duplicates', 'Exact duplicates', duplicates, 'fail', (n) =>
      n === 0
        ? 'No live item repeats another (same normalised text).'
        : `${n} live item(s) repeat an earlier one word for word.`,
    ),
  );

  if (trigram) {
    const near = await db.transaction().execute(async (trx) => {
      await sql`set local pg_trgm.similarity_threshold = 0.9`.execute(trx);
      return rows(
        trx,
        sql`with recent as (
              select id, text, content_hash from memory_items
              where status in ('active', 'provisional')
              order by created_at desc limit ${NEAR_DUPLICATE_SCAN})
            select distinct b.id from recent a
            join memory_items b on b.text % a.text and b.id > a.id
              and b.status in ('active', 'provisional') and b.content_hash <> a.content_hash`,
      );
    });
    checks.push(
      check('near_duplicates', 'Near-duplicates', near, 'warn', (n) =>
        n === 0
          ? `No two of the ${NEAR_DUPLICATE_SCAN} most recent live items are 90 % alike (trigrams).`
          : `${n} live item(s) are at least 90 % alike (trigrams) to another.`,
      ),
    );
  }

  const dangling = await rows(
    db,
    sql`select r.id from kg_relations r
        where r.expired_at is null and (
          not exists (select 1 from kg_entities e where e.id = r.source_id and e.merged_into is null)
          or not exists (select 1 from kg_entities e where e.id = r.target_id and e.merged_into is null))
        union all
        select i.id from memory_items i
        where exists (select 1 from unnest(i.entity_ids) as x(entity_id)
          where not exists (select 1 from kg_entities e where e.id = x.entity_id))`,
  );
  checks.push(
    check('dangling_relations', 'Dangling relations', dangling, 'fail', (n) =>
      n === 0
        ? 'Every current relation joins two live entities, and every item names entities that exist.'
        : `${n} relation(s) or item(s) point at entities that are missing or merged away.`,
    ),
  );

  const history = await rows(
    db,
    sql`select i.id from memory_items i
        where not exists (select 1 from memory_events e where e.item_id = i.id and e.op = 'ADD')
        union all
        select e.id from memory_events e
        where e.item_id is not null
          and not exists (select 1 from memory_items i where i.id = e.item_id)`,
  );
  checks.push(
    check('history', 'Change history', history, 'fail', (n) =>
      n === 0
        ? 'Every item has its ADD event, and every event belongs to an item.'
        : `${n} item(s) lack their ADD event or event(s) belong to no item.`,
    ),
  );

  checks.push(await embeddingCoverage(db, inputs.embeddingModel));

  const patches = await inputs.patchDigests();
  const tampered = patches.filter((patch) => !patch.digest_ok).map((patch) => ({ id: patch.name }));
  checks.push(
    check('patch_digests', 'Patch digests', tampered, 'fail', (n) =>
      n === 0
        ? `All ${patches.length} persisted patch(es) match their .sha256 sidecars.`
        : `${n} of ${patches.length} persisted patch(es) do not match their .sha256 sidecars (skipped at start).`,
    ),
  );

  return { status: worst(checks), checked_at: new Date().toISOString(), checks };
}

async function embeddingCoverage(
  db: Kysely<Database>,
  model: string | null,
): Promise<IntegrityCheck> {
  const name = 'embedding_coverage';
  const title = 'Embedding coverage';
  if (!model)
    return {
      name,
      title,
      status: 'pass',
      count: 0,
      detail: 'Lexical mode: no embedding model is configured, so no embeddings are expected.',
      sample_ids: [],
    };
  const missing = await rows(
    db,
    sql`select id from memory_items
        where status in ('active', 'provisional')
          and (embedding is null or embedding_model is distinct from ${model})
        order by created_at desc`,
  );
  const dims = (
    await sql<{ dims: number; count: string; id: string }>`
      select array_length(embedding::real[], 1) as dims, count(*) as count, min(id) as id
      from memory_items where embedding_model = ${model} and embedding is not null
      group by 1`.execute(db)
  ).rows;
  const total = Number(
    (
      await sql<{ n: string }>`select count(*) as n from memory_items
        where status in ('active', 'provisional')`.execute(db)
    ).rows[0]?.n ?? 0,
  );
  const covered = total - missing.length;
  if (dims.length > 1)
    return {
      name,
      title,
      status: 'fail',
      count: dims.length,
      detail: `Embeddings of ${model} have ${dims.length} different dimensions (${dims.map((d) => d.dims).join(', ')}); search would compare vectors that do not fit.`,
      sample_ids: dims.map((d) => d.id),
    };
  return {
    ...check(
      name,
      title,
      missing,
      'warn',
      () =>
        `${covered} of ${total} live item(s) have an embedding of ${model}${missing.length > 0 ? '; the rest wait for the embedder' : ''}.`,
    ),
  };
}
