import pg from 'pg';
import { cloneTestDatabase } from '../../support/test-database.js';

// Money is never a binary float: after every migration, no column of any table is float, double precision or real.
describe('the schema', () => {
  it('has no float, double precision or real column anywhere', async () => {
    const database = await cloneTestDatabase();
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    try {
      const { rows } = await db.query(
        `select table_name || '.' || column_name as column, data_type from information_schema.columns
          where table_schema not in ('pg_catalog', 'information_schema') and data_type in ('real', 'double precision', 'float')
          order by 1`,
      );
      expect(rows).toEqual([]);
      // The ledger's money is exact numeric.
      const ledger = await db.query(
        `select table_name || '.' || column_name as column, data_type from information_schema.columns
          where table_name in ('balance_transactions', 'payouts') and column_name in ('amount', 'fee', 'net') order by 1`,
      );
      expect(ledger.rows.map((r) => r.data_type)).toEqual(['numeric', 'numeric', 'numeric', 'numeric']);
    } finally {
      await db.end();
      await database.drop();
    }
  });
});
