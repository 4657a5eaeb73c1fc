import type { Generated } from 'kysely';

export interface SettingsTable {
  key: string;
  value: unknown;
  updated_at: Generated<Date>;
  updated_by: string | null;
}

declare module '../../store/database.js' {
  interface Database {
    settings: SettingsTable;
  }
}
