import type { Generated } from 'kysely';

export interface UsersTable {
  username: string;
  password_hash: string;
  created_at: Generated<Date>;
  password_changed_at: Generated<Date>;
}

declare module '../../store/database.js' {
  interface Database {
    users: UsersTable;
  }
}
