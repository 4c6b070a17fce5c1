import { DatabaseModule, SqlPool, preparedSql } from '@platform/database';
import { type RequestContext, inTransaction } from '@platform/request';
import type { ShopSnapshot } from '@platform/tenancy';
import { CartLine } from '../../../libs/cart/src/cart-line.entity.js';
import { Cart } from '../../../libs/cart/src/cart.entity.js';
import { unscopedTenantTables } from '../../../libs/platform/database/shop-scope.js';
import { type ContextTestModule, createContextTestModule } from '../../support/context-test-module.js';

// The one way to run raw SQL: ctx first, `$n` placeholders, in the ctx's transaction when it has one.
describe('SqlPool', () => {
  let t: ContextTestModule;
  let sql: SqlPool;
  let shop: ShopSnapshot;
  let ctx: RequestContext;
  const cartCount = preparedSql('select count(*) as n from carts where shop_id = $1');
  const insertCart = preparedSql(
    `insert into carts (shop_id, token, key_hash, currency, country_code, expires_at) values ($1, $2, 'k', 'CAD', 'CA', now() + interval '1 day') returning id, created_at`,
  );

  beforeAll(async () => {
    // The carts' entities only: raw SQL knows a tenant table by its entity's shopId.
    t = await createContextTestModule([DatabaseModule.forFeature([Cart, CartLine])]);
    sql = t.moduleRef.get(SqlPool);
    shop = await t.createShop('sql-pool');
    ctx = t.ctxOf(shop);
  });
  afterAll(() => t.close());

  it('reads bigints as numbers and timestamps as Dates, in and out of a transaction alike', async () => {
    const outside = await sql.rows<{ id: number; created_at: Date }>(ctx, insertCart, [shop.id, 'sql-pool-1']);
    const inside = await ctx.em.transactional((em) => sql.rows<{ id: number; created_at: Date }>(inTransaction(ctx, em), insertCart, [shop.id, 'sql-pool-2']));
    for (const [row] of [outside, inside]) {
      expect(typeof row!.id).toBe('number');
      expect(row!.created_at).toBeInstanceOf(Date);
    }
    expect((await sql.rows<{ n: number }>(ctx, cartCount, [shop.id]))[0]!.n).toBe(2);
  });

  it("joins the ctx's transaction: a rollback takes the raw writes with it", async () => {
    await expect(
      ctx.em.transactional(async (em) => {
        const tx = inTransaction(ctx, em);
        await sql.rows(tx, insertCart, [shop.id, 'sql-pool-rolled-back']);
        // Seen inside the transaction, not outside it.
        expect((await sql.rows<{ n: number }>(tx, cartCount, [shop.id]))[0]!.n).toBe(3);
        expect((await sql.rows<{ n: number }>(ctx, cartCount, [shop.id]))[0]!.n).toBe(2);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await sql.rows<{ n: number }>(ctx, cartCount, [shop.id]))[0]!.n).toBe(2);
  });

  it('counts the rows a statement changed', async () => {
    const touched = await sql.run(ctx, preparedSql('update carts set note = $2 where shop_id = $1'), [shop.id, 'noted']);
    expect(touched).toBe(2);
    const inside = await ctx.em.transactional((em) => sql.run(inTransaction(ctx, em), preparedSql('update carts set note = $2 where shop_id = $1'), [shop.id, 'again']));
    expect(inside).toBe(2);
  });

  it('refuses a statement on a tenant table that does not name shop_id, before running it', async () => {
    await expect(sql.rows(ctx, { text: 'select count(*) from carts' }, [])).rejects.toThrow('SQL on carts without shop_id');
    await expect(sql.run(ctx, { text: 'delete from cart_lines where id = $1' }, [1])).rejects.toThrow('SQL on cart_lines without shop_id');
    // Tables without a shop (advisory locks, the platform's own) need none.
    await expect(sql.rows(ctx, { text: `select pg_advisory_xact_lock(hashtextextended('x', $1::bigint))::text as locked` }, [1])).resolves.toHaveLength(1);
  });

  it('knows the tables of entities with a shopId as tenant tables, and no others', () => {
    const tenant = (sql as unknown as { tenantTables: ReadonlySet<string> }).tenantTables;
    expect([...tenant].sort()).toEqual(expect.arrayContaining(['cart_lines', 'carts']));
    expect(tenant.has('shops')).toBe(false);
  });
});

describe('unscopedTenantTables', () => {
  const tenant = new Set(['orders', 'customers', 'order_line_items']);

  it.each([
    ['select * from orders where id = $1', ['orders']],
    ['update "customers" set note = $1', ['customers']],
    ['insert into order_line_items (id) values ($1)', ['order_line_items']],
    ['select o.id from orders o join customers c on c.id = o.customer_id', ['orders', 'customers']],
    ['select * from orders where shop_id = $1', []],
    ['select * from shops where id = $1', []],
    ['SELECT pg_advisory_xact_lock(1)', []],
  ])('%s → %j', (text, tables) => {
    expect(unscopedTenantTables(text, tenant)).toEqual(tables);
  });
});
