import { type ExpressionBuilder, type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../store/database.js';
import { jsonRows } from '../../store/json-rows.js';
import { uuidv7 } from '../../util/uuid-v7.js';
import type { Entity, Relation } from './memory.schema.js';
import { normalizeName } from './text-match.js';
import './memory.tables.js';

const ENTITY_COLUMNS = [
  'id',
  'name',
  'type',
  'summary',
  'aliases',
  'merged_into',
  'first_seen_at',
  'last_seen_at',
  'mention_count',
] as const;

const RELATION_COLUMNS = [
  'id',
  'source_id',
  'target_id',
  'relation',
  'fact',
  'valid_at',
  'invalid_at',
  'created_at',
  'expired_at',
  'expired_by',
  'observation_ids',
  'confidence',
] as const;

const iso = (value: Date | null) => (value === null ? null : new Date(value).toISOString());

type EntityRow = Omit<Entity, 'first_seen_at' | 'last_seen_at'> & {
  first_seen_at: Date;
  last_seen_at: Date;
};
type RelationRow = Omit<Relation, 'valid_at' | 'invalid_at' | 'created_at' | 'expired_at'> & {
  valid_at: Date | null;
  invalid_at: Date | null;
  created_at: Date;
  expired_at: Date | null;
};

export const toEntity = (row: EntityRow): Entity => ({
  ...row,
  first_seen_at: new Date(row.first_seen_at).toISOString(),
  last_seen_at: new Date(row.last_seen_at).toISOString(),
});

export const toRelation = (row: RelationRow): Relation => ({
  ...row,
  confidence: Number(row.confidence),
  valid_at: iso(row.valid_at),
  invalid_at: iso(row.invalid_at),
  created_at: new Date(row.created_at).toISOString(),
  expired_at: iso(row.expired_at),
});

export interface NewRelation {
  source_id: string;
  target_id: string;
  relation: string;
  fact: string;
  valid_at: Date | null;
  invalid_at: Date | null;
  observation_id: string;
  confidence: number;
}

/**
 * Relations the store held true at `asOf` on both time axes: true in the world then
 * (valid_at <= T < invalid_at; an unknown start counts as always) and already recorded and not
 * yet expired then (created_at <= T < expired_at). Without `asOf`: the current beliefs.
 */
function visibleAt(eb: ExpressionBuilder<Database, 'kg_relations'>, asOf: Date | null) {
  if (!asOf) return eb('kg_relations.expired_at', 'is', null);
  return eb.and([
    eb.or([eb('kg_relations.valid_at', 'is', null), eb('kg_relations.valid_at', '<=', asOf)]),
    eb.or([eb('kg_relations.invalid_at', 'is', null), eb('kg_relations.invalid_at', '>', asOf)]),
    eb('kg_relations.created_at', '<=', asOf),
    eb.or([eb('kg_relations.expired_at', 'is', null), eb('kg_relations.expired_at', '>', asOf)]),
  ]);
}

export interface Subgraph {
  nodes: Entity[];
  edges: Relation[];
  /** True when the server left nodes out to stay within the limit. */
  truncated: boolean;
}

/** An entity the extractor names: `create` when none living by its name and type may be made. */
export interface WantedEntity {
  name: string;
  type: string;
  create: boolean;
}

/** What `resolve` keys its answers by: the name as stored (normalised) and the type. */
export const entityKey = (name: string, type: string) => `${type}\u0000${normalizeName(name)}`;

/**
 * Counts a mention of each entity at `seenAt` (an observation's world time), as the common
 * table expression `mentioned` of a caller's statement (the extraction's finish).
 */
export function mentionEntities(ids: string[], seenAt: Date): RawBuilder<unknown> {
  return sql`mentioned as (
      update kg_entities set mention_count = mention_count + 1,
        last_seen_at = greatest(last_seen_at, ${seenAt}::timestamptz),
        first_seen_at = least(first_seen_at, ${seenAt}::timestamptz)
      where id = any(${ids}::text[])
      returning id)`;
}

/** Entities and bi-temporal relations (Graphiti's edge model), with the observations behind them. */
export class GraphRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The live entity with exactly this name (after normalising) and type. */
  async findExact(name: string, type: string): Promise<Entity | null> {
    const row = await this.db
      .selectFrom('kg_entities')
      .select(ENTITY_COLUMNS)
      .where('norm_name', '=', normalizeName(name))
      .where('type', '=', type)
      .where('merged_into', 'is', null)
      .executeTakeFirst();
    return row ? toEntity(row) : null;
  }

  /**
   * The live entities with exactly these names (after normalising) and types, and new ones for
   * those wanted created that none matches, in one statement. `existing` holds the ones found,
   * `created` the ones made (or, when a concurrent insert of the same name and type won, its).
   */
  async resolve(
    wanted: WantedEntity[],
  ): Promise<{ existing: Map<string, Entity>; created: Map<string, Entity> }> {
    const rows = new Map<string, WantedEntity & { id: string; norm_name: string }>();
    for (const entity of wanted) {
      const key = entityKey(entity.name, entity.type);
      const first = rows.get(key);
      // The first name wanted is the one stored; any of them wanting it created creates it.
      if (first) first.create ||= entity.create;
      else
        rows.set(key, {
          ...entity,
          name: entity.name.trim(),
          id: uuidv7(),
          norm_name: normalizeName(entity.name),
        });
    }
    const existing = new Map<string, Entity>();
    const created = new Map<string, Entity>();
    if (rows.size === 0) return { existing, created };
    const columns = sql.join(ENTITY_COLUMNS.map((column) => sql.ref(column)));
    const { rows: found } = await sql<EntityRow & { created: boolean }>`
      with wanted as (
        select * from jsonb_to_recordset(${jsonRows([...rows.values()])}::jsonb)
          as w(id text, name text, norm_name text, type text, "create" boolean)),
      live as (
        select ${columns}, norm_name from kg_entities e
        where merged_into is null
          and exists (select from wanted w where w.norm_name = e.norm_name and w.type = e.type)),
      made as (
        insert into kg_entities (id, name, norm_name, type)
        select id, name, norm_name, type from wanted w
        where "create"
          and not exists (select from live l where l.norm_name = w.norm_name and l.type = w.type)
        on conflict (norm_name, type) where merged_into is null do nothing
        returning ${columns})
      select ${columns}, false as created from live
      union all
      select ${columns}, true from made`.execute(this.db);
    for (const { created: made, ...row } of found)
      (made ? created : existing).set(entityKey(row.name, row.type), toEntity(row));
    // A concurrent insert of the same name and type committed after this statement began.
    for (const [key, entity] of rows)
      if (entity.create && !existing.has(key) && !created.has(key))
        created.set(key, await this.create(entity.name, entity.type));
    return { existing, created };
  }

  /** Creates the entity, or returns the one that won a concurrent insert of the same name and type. */
  async create(name: string, type: string, summary = ''): Promise<Entity> {
    const inserted = await this.db
      .insertInto('kg_entities')
      .values({ id: uuidv7(), name: name.trim(), norm_name: normalizeName(name), type, summary })
      .onConflict((oc) =>
        oc.columns(['norm_name', 'type']).where('merged_into', 'is', null).doNothing(),
      )
      .returning(ENTITY_COLUMNS)
      .executeTakeFirst();
    if (inserted) return toEntity(inserted);
    const existing = await this.findExact(name, type);
    if (!existing) throw new Error(`entity ${name} vanished during insert`);
    return existing;
  }

  /** Live entities whose names look like `name` (trigram), best first; candidates only, never merged. */
  async similar(name: string, limit: number, trigram: boolean): Promise<Entity[]> {
    const norm = normalizeName(name);
    let select = this.db
      .selectFrom('kg_entities')
      .select(ENTITY_COLUMNS)
      .where('merged_into', 'is', null)
      .limit(limit);
    select = trigram
      ? select
          .where(sql<boolean>`norm_name % ${norm}`)
          .orderBy(sql`similarity(norm_name, ${norm})`, 'desc')
      : select.where('norm_name', 'like', `${norm.slice(0, 3).replace(/[\\%_]/g, '\\$&')}%`);
    return (await select.execute()).map(toEntity);
  }

  async entity(id: string): Promise<Entity | null> {
    const row = await this.db
      .selectFrom('kg_entities')
      .select(ENTITY_COLUMNS)
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? toEntity(row) : null;
  }

  async entities(ids: string[]): Promise<Entity[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('kg_entities')
      .select(ENTITY_COLUMNS)
      .where('id', 'in', ids)
      .execute();
    return rows.map(toEntity);
  }

  /** Live entities, most mentioned first; `q` matches names. */
  async list(options: { q?: string; type?: string; limit: number }): Promise<Entity[]> {
    let select = this.db
      .selectFrom('kg_entities')
      .select(ENTITY_COLUMNS)
      .where('merged_into', 'is', null)
      .orderBy('mention_count', 'desc')
      .orderBy('id')
      .limit(options.limit);
    if (options.type) select = select.where('type', '=', options.type);
    if (options.q)
      select = select.where(
        'norm_name',
        'like',
        `%${normalizeName(options.q).replace(/[\\%_]/g, '\\$&')}%`,
      );
    return (await select.execute()).map(toEntity);
  }

  /** Current relations from `sourceId` named `relation` (candidates a new one may expire). */
  async current(sourceId: string, relation: string): Promise<Relation[]> {
    const rows = await this.db
      .selectFrom('kg_relations')
      .select(RELATION_COLUMNS)
      .where('source_id', '=', sourceId)
      .where('relation', '=', relation)
      .where('expired_at', 'is', null)
      .execute();
    return rows.map(toRelation);
  }

  async insertRelation(relation: NewRelation): Promise<Relation> {
    const row = await this.db
      .insertInto('kg_relations')
      .values({
        id: uuidv7(),
        source_id: relation.source_id,
        target_id: relation.target_id,
        relation: relation.relation,
        fact: relation.fact,
        valid_at: relation.valid_at,
        invalid_at: relation.invalid_at,
        expired_at: null,
        expired_by: null,
        observation_ids: [relation.observation_id],
        confidence: relation.confidence,
      })
      .returning(RELATION_COLUMNS)
      .executeTakeFirstOrThrow();
    return toRelation(row);
  }

  /** Another observation supports a relation already stored. */
  async support(relationId: string, observationId: string): Promise<void> {
    await this.db
      .updateTable('kg_relations')
      .set({
        observation_ids: sql<string[]>`array_append(observation_ids, ${observationId})`,
      })
      .where('id', '=', relationId)
      .where(sql<boolean>`not (observation_ids @> array[${observationId}]::text[])`)
      .execute();
  }

  /**
   * Ends a relation in the world at `invalidAt` because `byId` (a later one) replaced it, and
   * stops believing it now; never deletes it.
   */
  async expire(relationId: string, invalidAt: Date, byId: string): Promise<void> {
    await this.db
      .updateTable('kg_relations')
      .set({ invalid_at: invalidAt, expired_at: sql<Date>`clock_timestamp()`, expired_by: byId })
      .where('id', '=', relationId)
      .where('expired_at', 'is', null)
      .execute();
  }

  /** Relations an observation supports. */
  async supportedBy(observationId: string): Promise<Relation[]> {
    const rows = await this.db
      .selectFrom('kg_relations')
      .select(RELATION_COLUMNS)
      .where(sql<boolean>`observation_ids @> array[${observationId}]::text[]`)
      .orderBy('created_at')
      .execute();
    return rows.map(toRelation);
  }

  /** Every relation touching an entity, oldest first in world time (its timeline). */
  async relationsOf(entityId: string): Promise<Relation[]> {
    const rows = await this.db
      .selectFrom('kg_relations')
      .select(RELATION_COLUMNS)
      .where((eb) => eb.or([eb('source_id', '=', entityId), eb('target_id', '=', entityId)]))
      .orderBy(sql`coalesce(valid_at, created_at)`)
      .orderBy('id')
      .execute();
    return rows.map(toRelation);
  }

  /**
   * A bounded subgraph: the ego network of `entityId` to `depth` hops, or else the most
   * mentioned entities; edges are the relations visible at `asOf` between nodes kept.
   */
  async subgraph(options: {
    asOf: Date | null;
    entityId?: string | undefined;
    depth: number;
    limit: number;
  }): Promise<Subgraph> {
    const { asOf, limit } = options;
    let ids: string[];
    let truncated = false;
    if (options.entityId) {
      ids = [options.entityId];
      let frontier = ids;
      for (let hop = 0; hop < options.depth && frontier.length > 0; hop++) {
        const edges = await this.edgesTouching(frontier, asOf, limit * 4);
        const next: string[] = [];
        for (const edge of edges)
          for (const id of [edge.source_id, edge.target_id])
            if (!ids.includes(id) && !next.includes(id)) next.push(id);
        const room = limit - ids.length;
        if (next.length > room) truncated = true;
        frontier = next.slice(0, Math.max(0, room));
        ids = [...ids, ...frontier];
      }
    } else {
      let select = this.db
        .selectFrom('kg_entities')
        .select('id')
        .where('merged_into', 'is', null)
        .orderBy('mention_count', 'desc')
        .orderBy('id')
        .limit(limit + 1);
      if (asOf) select = select.where('first_seen_at', '<=', asOf);
      const rows = await select.execute();
      truncated = rows.length > limit;
      ids = rows.slice(0, limit).map((row) => row.id);
    }
    const nodes = await this.entities(ids);
    const edges =
      ids.length === 0
        ? []
        : (
            await this.db
              .selectFrom('kg_relations')
              .select(RELATION_COLUMNS)
              .where('source_id', 'in', ids)
              .where('target_id', 'in', ids)
              .where((eb) => visibleAt(eb, asOf))
              .orderBy('created_at')
              .limit(limit * 4)
              .execute()
          ).map(toRelation);
    return { nodes, edges, truncated };
  }

  private async edgesTouching(ids: string[], asOf: Date | null, limit: number) {
    return this.db
      .selectFrom('kg_relations')
      .select(['source_id', 'target_id'])
      .where((eb) => eb.or([eb('source_id', 'in', ids), eb('target_id', 'in', ids)]))
      .where((eb) => visibleAt(eb, asOf))
      .limit(limit)
      .execute();
  }
}
