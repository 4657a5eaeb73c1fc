import type { ColumnType, Generated } from 'kysely';

export interface IdentityTable {
  id: number;
  name: string;
  persona: string;
  born_at: Generated<Date>;
  /** bigint comes back from pg as text. */
  total_xp: ColumnType<string, number | undefined, number>;
  updated_at: Generated<Date>;
}

declare module '../../store/database.js' {
  interface Database {
    identity: IdentityTable;
  }
}
