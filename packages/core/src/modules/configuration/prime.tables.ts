import type { Generated } from 'kysely';

export interface PrimeVersionsTable {
  version: number;
  content: string;
  created_at: Generated<Date>;
  created_by: string;
  note: string | null;
  restored_from: number | null;
}

declare module '../../store/database.js' {
  interface Database {
    prime_versions: PrimeVersionsTable;
  }
}
