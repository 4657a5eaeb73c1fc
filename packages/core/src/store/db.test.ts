import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import {
  openTestSqlStore,
  postgresAvailable,
  sqlTestBackends,
  TEST_DATABASE_URL,
} from '../testing/services.js';
import { openSqlStore } from './db.js';
import { migrationNames } from './migrations/index.js';

const TABLES = ['audit_log', 'kv_entries', 'kv_queue_items', 'users'];

describe.each(await sqlTestBackends())('SQL store (%s)', (backend) => {
  it('migrates at open, keeps data across a reopen, and migrating again changes nothing', async () => {
    const store = await openTestSqlStore(backend);
    try {
      const tables = await store.db.introspection.getTables();
      expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(TABLES));
      await store.db.insertInto('users').values({ username: 'u', password_hash: 'h' }).execute();
      const reopened = await store.reopen();
      const users = await reopened.db.selectFrom('users').select('username').execute();
      expect(users).toEqual([{ username: 'u' }]);
      await reopened.destroy();
    } catch (error) {
      await store.destroy();
      throw error;
    }
  });

  it('reports a stopped store through ping', async () => {
    const store = await openTestSqlStore(backend);
    await expect(store.ping()).resolves.toBeUndefined();
    await store.close();
    await expect(store.ping()).rejects.toThrow();
    await store.destroy();
  });
});

describe.runIf(await postgresAvailable())('SQL store on PostgreSQL', () => {
  it('lets several replicas boot at once against one database', async () => {
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    try {
      const stores = await Promise.all(
        [1, 2, 3].map(() =>
          openSqlStore({ dataDir: '/unused', databaseUrl: TEST_DATABASE_URL, schema }),
        ),
      );
      const applied = await admin.query(
        `select name from ${schema}.kysely_migration order by name`,
      );
      expect(applied.rows.map((r) => r.name)).toEqual(migrationNames());
      await Promise.all(stores.map((store) => store.close()));
    } finally {
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    }
  });
});
