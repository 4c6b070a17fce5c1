import { MikroORM } from '@mikro-orm/postgresql';
import { SqlPool, ormConfig } from '@platform/database';
import { MIGRATIONS } from '../../../migrations/index.js';
import { cloneTestDatabase } from '../../support/test-database.js';

// The HTTP server's pool cancels any statement that outlives the request deadline (docs/security.md).
describe('statement timeout', () => {
  let database: Awaited<ReturnType<typeof cloneTestDatabase>>;
  beforeAll(async () => {
    database = await cloneTestDatabase();
  });
  afterAll(() => database.drop());

  it('cancels a slow raw statement, and the pool keeps serving', async () => {
    const sql = SqlPool.open(database.url, 1, new Set(), 200);
    try {
      const started = Date.now();
      await expect(sql.unscoped({ text: 'select pg_sleep(5)' }, [])).rejects.toThrow(/statement timeout/);
      expect(Date.now() - started).toBeLessThan(3000);
      await expect(sql.unscoped<{ one: number }>({ text: 'select 1 as one' }, [])).resolves.toEqual([{ one: 1 }]);
    } finally {
      await sql.close();
    }
  });

  it('cancels a slow statement on the ORM pool', async () => {
    const orm = await MikroORM.init(ormConfig({ url: database.url, migrations: MIGRATIONS, poolSize: 1, statementTimeoutMs: 200 }));
    try {
      await expect(orm.em.fork().getConnection().execute('select pg_sleep(5)')).rejects.toThrow(/statement timeout/);
    } finally {
      await orm.close(true);
    }
  });

  it('sets no timeout unless asked (migrations and the CLI may run long statements)', async () => {
    const sql = SqlPool.open(database.url, 1);
    try {
      await expect(sql.unscoped<{ statement_timeout: string }>({ text: 'show statement_timeout' }, [])).resolves.toEqual([{ statement_timeout: '0' }]);
    } finally {
      await sql.close();
    }
  });
});
