import pg from 'pg';
import { CartModule, CartsService, DiscountCodesService } from '@platform/cart';
import { createCart, createDiscountCode } from '@platform/cart/testing';
import { createProduct } from '@platform/catalog/testing';
import type { ShopSnapshot } from '@platform/tenancy';
import { type ContextTestModule, createContextTestModule } from '../../support/context-test-module.js';

// The cart service on Postgres: the checkout's read (lines, exact cost), completion once, expiry, discount imports;
// each kept to the context's shop.
describe('carts on Postgres', () => {
  let t: ContextTestModule;
  let db: pg.Client;
  let carts: CartsService;
  let shopA: ShopSnapshot;
  let shopB: ShopSnapshot;
  let variantIds: number[];
  const rows = async <T = any>(sql: string, params: unknown[] = []): Promise<T[]> => (await db.query(sql, params)).rows as T[];

  beforeAll(async () => {
    t = await createContextTestModule([CartModule]);
    carts = t.moduleRef.get(CartsService);
    shopA = await t.createShop('carts-a');
    shopB = await t.createShop('carts-b');
    db = new pg.Client({ connectionString: t.databaseUrl });
    await db.connect();
    variantIds = (await createProduct(t.ctxOf(shopA))).variants.map((v) => v.id);
  });
  afterAll(async () => {
    await db?.end();
    await t?.close();
  });

  it('reads a cart with its lines and exact cost, only on its shop and with its key', async () => {
    const ctx = t.ctxOf(shopA);
    await createDiscountCode(ctx, 'WELCOME10');
    const made = await createCart(ctx, {
      discountCodes: ['welcome10'],
      lines: [
        { variantId: variantIds[0]!, quantity: 3, price: '19.99' },
        { variantId: variantIds[1]!, quantity: 1, price: '0.05' },
      ],
    });
    const summary = await carts.summary(t.ctxOf(shopA), made.token, made.key);
    expect(summary!.cart.lines.map((l) => [l.quantity, l.price])).toEqual([
      [3, '19.99'],
      [1, '0.05'],
    ]);
    expect(summary!.cost).toMatchObject({ subtotal: '60.02', discount: '6.00', total: '54.02', appliedCode: 'WELCOME10' });
    expect(summary!.checkoutUrl).toMatch(new RegExp(`/cart/c/${made.token}\\?key=${made.key}$`));
    expect(await carts.cart(t.ctxOf(shopB), made.token, made.key)).toBeNull();
    expect(await carts.cart(t.ctxOf(shopA), made.token, 'f'.repeat(32))).toBeNull();
    expect(await carts.cartById(t.ctxOf(shopA), made.gid)).not.toBeNull();
  });

  it('completes a cart once and counts one use of its code', async () => {
    const ctx = t.ctxOf(shopA);
    await createDiscountCode(ctx, 'ONCE', { usageLimit: 5 });
    const made = await createCart(ctx, { discountCodes: ['ONCE'], lines: [{ variantId: variantIds[0]!, quantity: 1, price: '10.00' }] });
    const [first, second] = await Promise.all([carts.complete(t.ctxOf(shopA), made.id, 'ONCE'), carts.complete(t.ctxOf(shopA), made.id, 'ONCE')]);
    expect([first, second].sort()).toEqual([false, true]);
    expect((await rows("select usage_count from discount_codes where code = 'ONCE'"))[0].usage_count).toBe(1);
    expect((await carts.cart(t.ctxOf(shopA), made.token, made.key))!.completedAt).toBeInstanceOf(Date);
    // Another shop cannot complete it.
    const other = await createCart(ctx);
    expect(await carts.complete(t.ctxOf(shopB), other.id, null)).toBe(false);
  });

  it('deletes expired carts of the shop only, with their lines, and no longer reads them', async () => {
    const a = t.ctxOf(shopA);
    const expired = await createCart(a, { expiresAt: new Date(Date.now() - 1000), lines: [{ variantId: variantIds[0]!, quantity: 1, price: '1.00' }] });
    const live = await createCart(a);
    const otherShop = await createCart(t.ctxOf(shopB), { expiresAt: new Date(Date.now() - 1000) });
    expect(await carts.cart(t.ctxOf(shopA), expired.token, expired.key)).toBeNull();
    expect(await carts.deleteExpired(t.ctxOf(shopA))).toBe(1);
    expect(await rows('select id from carts where id = $1', [expired.id])).toEqual([]);
    expect(await rows('select id from cart_lines where cart_id = $1', [expired.id])).toEqual([]);
    expect(await rows('select id::int from carts where id = any($1::bigint[]) order by id', [[live.id, otherShop.id]])).toEqual([{ id: live.id }, { id: otherShop.id }]);
  });

  it('imports discount codes and refuses invalid ones whole', async () => {
    const codes = t.moduleRef.get(DiscountCodesService);
    expect(await codes.importDiscountCodes(t.ctxOf(shopB), [{ code: 'FIVE', valueType: 'fixed_amount', value: '5', minimumSubtotal: '20' }])).toHaveLength(1);
    await expect(codes.importDiscountCodes(t.ctxOf(shopB), [{ code: 'OK', valueType: 'percentage', value: '10' }, { code: 'BAD', valueType: 'percentage', value: '101' }])).rejects.toMatchObject({
      field: 'discountCodes[1].value',
    });
    expect(await rows("select code, value::text, minimum_subtotal::text from discount_codes where shop_id = $1 order by id", [shopB.id])).toEqual([{ code: 'FIVE', value: '5.00', minimum_subtotal: '20.00' }]);
  });
});
