import { type Kysely, sql } from 'kysely';
import type { Database } from '../../store/database.js';
import './auth.tables.js';

export class UsersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  find(username: string) {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('username', '=', username)
      .executeTakeFirst();
  }

  async count(): Promise<number> {
    const row = await this.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** True when this call created the user (false when it already existed). */
  async insertIfAbsent(username: string, passwordHash: string): Promise<boolean> {
    const rows = await this.db
      .insertInto('users')
      .values({ username, password_hash: passwordHash })
      .onConflict((oc) => oc.column('username').doNothing())
      .returning('username')
      .execute();
    return rows.length > 0;
  }

  async upsert(username: string, passwordHash: string): Promise<void> {
    await this.db
      .insertInto('users')
      .values({ username, password_hash: passwordHash })
      .onConflict((oc) =>
        oc
          .column('username')
          .doUpdateSet({ password_hash: passwordHash, password_changed_at: sql`now()` }),
      )
      .execute();
  }

  async delete(username: string): Promise<boolean> {
    const rows = await this.db
      .deleteFrom('users')
      .where('username', '=', username)
      .returning('username')
      .execute();
    return rows.length > 0;
  }

  async setPassword(username: string, passwordHash: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ password_hash: passwordHash, password_changed_at: sql`now()` })
      .where('username', '=', username)
      .execute();
  }

  /** The accounts follow the environment: any other account is removed. */
  async deleteAllExcept(usernames: string[]): Promise<number> {
    const rows = await this.db
      .deleteFrom('users')
      .where('username', 'not in', usernames)
      .returning('username')
      .execute();
    return rows.length;
  }
}
