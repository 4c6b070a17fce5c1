import { CustomersModule } from '@platform/customers';
import { createCustomer } from '@platform/customers/testing';
import { type ListPage, type PaginationInput, pageRequest } from '@platform/paging';
import { type OrderRecord, type OrderSortKey, OrdersModule, OrdersService } from '@platform/orders';
import { createOrder } from '@platform/orders/testing';
import type { ShopSnapshot } from '@platform/tenancy';
import { type ContextTestModule, createContextTestModule } from '../../support/context-test-module.js';
import { sqlDuring } from '../../support/sql.js';

// The orders service on Postgres: imports, and the storefront's keyset pages of a customer's orders and lines.
describe('orders on Postgres', () => {
  let t: ContextTestModule;
  let orders: OrdersService;
  let shopA: ShopSnapshot;
  let shopB: ShopSnapshot;
  let customerId: number;
  const made: { id: number; name: string; total: string; processedAt: Date }[] = [];
  const ctxOf = (shop: ShopSnapshot) => t.ctxOf(shop);

  beforeAll(async () => {
    t = await createContextTestModule([CustomersModule, OrdersModule]);
    orders = t.moduleRef.get(OrdersService);
    shopA = await t.createShop('orders-a');
    shopB = await t.createShop('orders-b');
    customerId = (await createCustomer(ctxOf(shopA))).id;
    // Equal totals and equal dates, so ties are broken by id.
    const day = (n: number) => new Date(Date.UTC(2026, 0, n, 12, 0, 0, 123));
    for (const [price, date] of [['30.00', 3], ['10.00', 1], ['30.00', 2], ['20.00', 2], ['10.00', 5]] as const) {
      const order = await createOrder(ctxOf(shopA), { customerId, processedAt: day(date), lineItems: [{ title: 'Lamp', quantity: 2, price }, { title: 'Bulb', quantity: 1, price: '0.00' }] });
      made.push({ id: order.id, name: order.name, total: String(Number(price) * 2), processedAt: day(date) });
    }
    // Another shop's order naming the same customer id: never part of shop A's answers.
    await createOrder(ctxOf(shopB), { customerId });
  });
  afterAll(async () => {
    await t?.close();
  });

  const walk = async (sortKey: OrderSortKey, args: PaginationInput = {}): Promise<number[]> => {
    const seen: number[] = [];
    let after: string | null = null;
    for (let i = 0; i < 10; i++) {
      const page: ListPage<OrderRecord> = await orders.ordersOfCustomer(ctxOf(shopA), customerId, pageRequest({ first: 2, after, ...args }), sortKey);
      seen.push(...page.items.map((item) => item.record.id));
      if (!page.hasNextPage) break;
      after = page.items.at(-1)!.cursor;
    }
    return seen;
  };

  it("pages a customer's orders by every sort key, ties broken by id, in the context's shop only", async () => {
    const ids = made.map((o) => o.id);
    expect(await walk('ID')).toEqual(ids);
    expect(await walk('ID', { reverse: true })).toEqual([...ids].reverse());
    const byTotal = [...made].sort((a, b) => Number(a.total) - Number(b.total) || a.id - b.id).map((o) => o.id);
    expect(await walk('TOTAL_PRICE')).toEqual(byTotal);
    expect(await walk('TOTAL_PRICE', { reverse: true })).toEqual([...byTotal].reverse());
    const byDate = [...made].sort((a, b) => a.processedAt.getTime() - b.processedAt.getTime() || a.id - b.id).map((o) => o.id);
    expect(await walk('PROCESSED_AT')).toEqual(byDate);
    const last = await orders.ordersOfCustomer(ctxOf(shopA), customerId, pageRequest({ last: 2 }), 'PROCESSED_AT');
    expect(last.items.map((item) => item.record.id)).toEqual(byDate.slice(-2));
    expect(last).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
  });

  it('refuses a cursor of another sort key', async () => {
    const page = await orders.ordersOfCustomer(ctxOf(shopA), customerId, pageRequest({ first: 1 }), 'TOTAL_PRICE');
    const cursor = page.items[0]!.cursor;
    await expect(orders.ordersOfCustomer(ctxOf(shopA), customerId, pageRequest({ first: 1, after: cursor }), 'PROCESSED_AT')).rejects.toMatchObject({
      code: 'INVALID_CURSOR',
      message: 'Invalid cursor for after',
    });
  });

  it('reads the lines of every order of a request in one statement', async () => {
    const ctx = ctxOf(shopA);
    const { result: pages, statements } = await sqlDuring(() => Promise.all(made.map((o) => orders.lineItemsOfOrder(ctx, o.id, pageRequest({ first: 1 })))));
    expect(statements.filter((sql) => sql.includes('order_line_items'))).toHaveLength(1);
    expect(pages.map((p) => [p.items.map((item) => item.record.title), p.hasNextPage])).toEqual(made.map(() => [['Lamp'], true]));
    const theirs = (await orders.ordersOfCustomer(ctxOf(shopB), customerId, pageRequest({ first: 5 }), 'ID')).items[0]!.record;
    expect((await orders.lineItemsOfOrder(ctxOf(shopA), theirs.id, pageRequest({ first: 5 }))).items).toEqual([]);
  });

  it("answers an import's problems with the orders context's codes", async () => {
    const taken = await orders.importOrders(ctxOf(shopA), [{ name: made[0]!.name, number: 1, currency: 'USD', subtotalPrice: '1.00', totalTax: '0.00', totalPrice: '1.00', processedAt: new Date(), lineItems: [{ title: 'A', quantity: 1, price: '1.00' }] }]).catch((e) => e);
    expect(taken).toMatchObject({ kind: 'UNPROCESSABLE', code: 'TAKEN', field: 'name' });
    const mismatch = await orders.importOrders(ctxOf(shopA), [{ name: '#1', number: 2, currency: 'USD', subtotalPrice: '2.00', totalTax: '0.00', totalPrice: '2.00', processedAt: new Date(), lineItems: [{ title: 'A', quantity: 1, price: '1.00' }] }]).catch((e) => e);
    expect(mismatch).toMatchObject({ code: 'TOTALS_MISMATCH', field: 'orders[0].subtotalPrice' });
  });
});
