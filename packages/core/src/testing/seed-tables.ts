import { sql } from 'kysely';
import type { SqlStore } from '../store/db.js';

/**
 * Fills tables with rows that satisfy their constraints, read from the catalog rather than
 * written per table, so a table added later is seeded too. Values: text `<column>-<n>`, numbers
 * n (1 under a check), the first literal a check allows, foreign keys pointing at the parent's
 * rows. One INSERT ... SELECT over generate_series per table, so millions of rows are cheap.
 */
export interface SeedPlan {
  /** Tables to fill, in any order (parents are filled first). */
  tables: readonly string[];
  rows: (table: string) => number;
}

interface Column {
  table_name: string;
  column_name: string;
  data_type: string;
  udt_name: string;
  nullable: boolean;
  has_default: boolean;
  generated: boolean;
}

interface ForeignKey {
  table_name: string;
  column_name: string;
  ref_table: string;
  ref_column: string;
}

export async function seedTables(store: SqlStore, plan: SeedPlan): Promise<void> {
  const { db, schema } = store;
  const columns = (
    await sql<Column>`
      select table_name, column_name, data_type, udt_name,
             is_nullable = 'YES' as nullable, column_default is not null or is_identity = 'YES' as has_default,
             is_generated = 'ALWAYS' as generated
      from information_schema.columns where table_schema = ${schema}
      order by table_name, ordinal_position`.execute(db)
  ).rows;
  const keys = (
    await sql<ForeignKey>`
      select c.conrelid::regclass::text as table_name, a.attname as column_name,
             c.confrelid::regclass::text as ref_table, ra.attname as ref_column
      from pg_constraint c
      join pg_namespace n on n.oid = c.connamespace and n.nspname = ${schema}
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      join pg_attribute ra on ra.attrelid = c.confrelid and ra.attnum = c.confkey[1]
      where c.contype = 'f'`.execute(db)
  ).rows.map((k) => ({ ...k, table_name: bare(k.table_name), ref_table: bare(k.ref_table) }));
  const checks = (
    await sql<{ table_name: string; column_name: string; definition: string }>`
      select c.conrelid::regclass::text as table_name, a.attname as column_name,
             pg_get_constraintdef(c.oid) as definition
      from pg_constraint c
      join pg_namespace n on n.oid = c.connamespace and n.nspname = ${schema}
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
      where c.contype = 'c'`.execute(db)
  ).rows.map((k) => ({ ...k, table_name: bare(k.table_name) }));

  const ordered = parentsFirst(plan.tables, keys);
  for (const table of ordered) {
    const n = plan.rows(table);
    if (n <= 0) continue;
    const names: string[] = [];
    const values: string[] = [];
    for (const column of columns.filter((c) => c.table_name === table)) {
      if (column.generated) continue;
      const key = keys.find((k) => k.table_name === table && k.column_name === column.column_name);
      if (!key && (column.nullable || column.has_default)) continue;
      const check = checks.find(
        (c) => c.table_name === table && c.column_name === column.column_name,
      )?.definition;
      names.push(`"${column.column_name}"`);
      values.push(valueFor(column, check, key, plan.rows));
    }
    await sql
      .raw(
        `insert into "${table}" (${names.join(', ')}) select ${values.join(', ')} from generate_series(1, ${n}) as g`,
      )
      .execute(db);
  }
}

function valueFor(
  column: Column,
  check: string | undefined,
  key: ForeignKey | undefined,
  rows: (table: string) => number,
): string {
  const cast = `::${column.data_type === 'ARRAY' ? column.udt_name.slice(1).concat('[]') : column.udt_name}`;
  if (key) {
    const parentRows = Math.max(1, rows(key.ref_table));
    const index = `(((g - 1) % ${parentRows}) + 1)`;
    return isText(column) ? `('${key.ref_column}-' || ${index})${cast}` : `${index}${cast}`;
  }
  const literal = check?.match(/'([^']*)'/)?.[1];
  if (literal !== undefined && column.data_type !== 'jsonb') return `'${literal}'${cast}`;
  switch (column.data_type) {
    case 'text':
    case 'character varying':
      return `('${column.column_name}-' || g)${cast}`;
    case 'integer':
    case 'smallint':
    case 'bigint':
    case 'numeric':
      // 1 under an upper bound (priority between 1 and 10); otherwise distinct values for keys.
      return check && /<|between/i.test(check) ? `1${cast}` : `(g + 100000)${cast}`;
    case 'real':
    case 'double precision':
      return `0.5${cast}`;
    case 'boolean':
      return 'false';
    case 'jsonb':
    case 'json':
      return check?.includes('array') ? `'[]'${cast}` : `'{}'${cast}`;
    case 'timestamp with time zone':
    case 'timestamp without time zone':
    case 'date':
      return `now()${cast}`;
    case 'ARRAY':
      return `'{}'${cast}`;
    case 'uuid':
      return 'gen_random_uuid()';
    case 'interval':
      return `'1 hour'::interval`;
    case 'bytea':
      return `'\\x00'::bytea`;
    default:
      throw new Error(
        `seedTables: no value for ${column.table_name}.${column.column_name} (${column.data_type})`,
      );
  }
}

const isText = (column: Column) =>
  column.data_type === 'text' || column.data_type === 'character varying';

/** regclass text may carry the schema (when it is not first on the search path). */
const bare = (name: string) => name.split('.').pop()?.replaceAll('"', '') ?? name;

function parentsFirst(tables: readonly string[], keys: ForeignKey[]): string[] {
  const order: string[] = [];
  const visit = (table: string, path: Set<string>) => {
    if (order.includes(table) || path.has(table)) return;
    path.add(table);
    for (const key of keys.filter((k) => k.table_name === table && k.ref_table !== table))
      if (tables.includes(key.ref_table)) visit(key.ref_table, path);
    order.push(table);
  };
  for (const table of tables) visit(table, new Set());
  return order;
}
