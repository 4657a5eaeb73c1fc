import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Creates an extension the database offers, in the public schema (tests keep their tables in
 * private schemas that are dropped afterwards; an extension inside one would vanish with it).
 * Concurrent migrations are serialised by an advisory lock; a server that refuses (no
 * privilege) leaves the feature off rather than failing the boot.
 */
async function tryExtension(db: Kysely<unknown>, name: 'pg_trgm' | 'vector'): Promise<boolean> {
  const offered = await sql`select 1 from pg_available_extensions where name = ${name}`.execute(db);
  if (offered.rows.length === 0) return false;
  await sql`select pg_advisory_xact_lock(hashtext('agent-runtime-extensions'))`.execute(db);
  await sql`savepoint extension`.execute(db);
  try {
    await sql`create extension if not exists ${sql.id(name)} with schema public`.execute(db);
    await sql`release savepoint extension`.execute(db);
    return true;
  } catch {
    await sql`rollback to savepoint extension`.execute(db);
    return false;
  }
}

/**
 * The agent's memory: items (pinned blocks and archival facts) with their event history,
 * observations (episodes), and the knowledge graph of entities and bi-temporal relations.
 * All of it is cognitive state (a Panic Reset truncates these five tables), and no other
 * table refers to them. Embeddings are `vector` where pgvector exists, else `real[]`.
 */
export const memoryMigration: Migration = {
  async up(db: Kysely<unknown>) {
    const trigram = await tryExtension(db, 'pg_trgm');
    const embedding = (await tryExtension(db, 'vector')) ? 'vector' : 'real[]';
    const statements = [
      `create table memory_items (
        id text primary key,
        path text not null,
        kind text not null check (kind in ('block', 'fact', 'preference', 'procedure', 'summary')),
        text text not null,
        pinned boolean not null default false,
        char_limit integer,
        status text not null check (status in ('active', 'provisional', 'superseded', 'retracted')),
        confidence real not null check (confidence >= 0 and confidence <= 1),
        source_kind text not null,
        source_ref text,
        request_id text,
        chat_id text,
        goal_id text,
        observation_id text,
        untrusted boolean not null default false,
        entity_ids text[] not null default '{}',
        content_hash text not null,
        superseded_by text,
        valid_at timestamptz,
        invalid_at timestamptz,
        created_by text not null check (created_by in ('extractor', 'agent', 'operator')),
        created_at timestamptz not null default clock_timestamp(),
        updated_at timestamptz not null default clock_timestamp(),
        last_used_at timestamptz,
        use_count integer not null default 0,
        tsv tsvector generated always as
          (to_tsvector('english', replace(path, '/', ' ') || ' ' || text)) stored,
        embedding ${embedding},
        embedding_model text
      )`,
      'create index memory_items_tsv on memory_items using gin (tsv)',
      'create index memory_items_path on memory_items (path text_pattern_ops)',
      'create index memory_items_hash on memory_items (content_hash)',
      'create index memory_items_created on memory_items (created_at desc, id desc)',
      'create index memory_items_status on memory_items (status, kind)',
      // The blocks always in the prompt: few rows, read with every model request.
      `create index memory_items_pinned on memory_items (path) where pinned and status = 'active'`,
      `create unique index memory_items_block_path on memory_items (path)
         where pinned and status <> 'retracted'`,
      'create index memory_items_observation on memory_items (observation_id)',
      'create index memory_items_embedding_model on memory_items (embedding_model)',

      `create table memory_events (
        id text primary key,
        item_id text,
        op text not null,
        old_text text,
        new_text text,
        old_status text,
        new_status text,
        actor text not null check (actor in ('extractor', 'agent', 'operator')),
        actor_name text,
        request_id text,
        reason text,
        detail jsonb not null default '{}',
        at timestamptz not null default clock_timestamp()
      )`,
      'create index memory_events_item on memory_events (item_id, at, id)',
      'create index memory_events_op on memory_events (op, at desc)',

      `create table observations (
        id text primary key,
        source_kind text not null,
        source_ref text,
        content text not null,
        untrusted boolean not null default false,
        observed_at timestamptz not null,
        recorded_at timestamptz not null default clock_timestamp(),
        request_id text,
        chat_id text,
        goal_id text,
        entity_ids text[] not null default '{}',
        extraction_status text not null
          check (extraction_status in ('pending', 'running', 'done', 'skipped', 'failed')),
        extraction_error text,
        extracted_at timestamptz,
        tsv tsvector generated always as (to_tsvector('english', content)) stored,
        embedding ${embedding},
        embedding_model text
      )`,
      'create index observations_observed on observations (observed_at desc, id desc)',
      'create index observations_tsv on observations using gin (tsv)',
      'create index observations_entities on observations using gin (entity_ids)',
      'create index observations_chat on observations (chat_id, observed_at desc)',
      `create unique index observations_source on observations (source_kind, source_ref)
         where source_ref is not null`,
      `create index observations_extraction on observations (extraction_status, recorded_at)
         where extraction_status in ('pending', 'running', 'failed')`,

      `create table kg_entities (
        id text primary key,
        name text not null,
        norm_name text not null,
        type text not null,
        summary text not null default '',
        aliases text[] not null default '{}',
        merged_into text,
        first_seen_at timestamptz not null default clock_timestamp(),
        last_seen_at timestamptz not null default clock_timestamp(),
        mention_count integer not null default 0,
        embedding ${embedding},
        embedding_model text
      )`,
      `create unique index kg_entities_name on kg_entities (norm_name, type)
         where merged_into is null`,
      'create index kg_entities_mentions on kg_entities (mention_count desc, id)',

      `create table kg_relations (
        id text primary key,
        source_id text not null,
        target_id text not null,
        relation text not null,
        fact text not null,
        valid_at timestamptz,
        invalid_at timestamptz,
        created_at timestamptz not null default clock_timestamp(),
        expired_at timestamptz,
        expired_by text,
        observation_ids text[] not null default '{}',
        confidence real not null default 1 check (confidence >= 0 and confidence <= 1),
        embedding ${embedding},
        embedding_model text
      )`,
      'create index kg_relations_source on kg_relations (source_id, relation)',
      'create index kg_relations_target on kg_relations (target_id)',
      'create index kg_relations_created on kg_relations (created_at desc)',
    ];
    if (trigram) {
      statements.push(
        'create index memory_items_trgm on memory_items using gin (text gin_trgm_ops)',
        'create index kg_entities_trgm on kg_entities using gin (norm_name gin_trgm_ops)',
      );
    }
    for (const statement of statements) await sql.raw(statement).execute(db);
  },
};
