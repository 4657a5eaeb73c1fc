import type { Generated } from 'kysely';

export interface ModelProvidersTable {
  provider_id: string;
  kind: 'openai' | 'anthropic' | 'openai_compatible';
  label: string;
  base_url: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

declare module '../../store/database.js' {
  interface Database {
    model_providers: ModelProvidersTable;
  }
}
