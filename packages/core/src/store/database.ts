/**
 * The SQL schema as Kysely sees it. Each module adds its own tables to this interface by
 * declaration merging in its `<feature>.tables.ts`, so a module owns its tables.
 */
// biome-ignore lint/suspicious/noEmptyInterface: extended by each module through declaration merging
export interface Database {}
