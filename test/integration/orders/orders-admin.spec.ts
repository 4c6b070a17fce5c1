import { CustomersModule } from '@platform/customers';
import { createCustomer } from '@platform/customers/testing';
import { type ListPage, type PaginationInput, pageRequest } from '@platform/paging';
import { ORDER_STATUS_FILTERS, type OrderRecord, type OrderStatusFilter, OrdersModule, OrdersService } from '@platform/orders';
import { createOrder } from '@platform/orders/testing';
import type { ShopSnapshot } from '@platform/tenancy';
import { type ContextTestModule, createContextTestModule } from '../../support/context-test-module.js';
import { sqlDuring } from '../../support/sql.js';

// The merchant's reads of orders on Postgres: a customer's orders by REST status, and orders by id (a customer's
// last order), in the context's shop only.
describe('orders for the merchant on Postgres', () => {
  let t: ContextTestModule;
  let orders: OrdersService;
  let shopA: ShopSnapshot;
  let shopB: ShopSnapshot;
  let customerId: number;
  let foreignOrder: number;
  const made: { id: number; status: Exclude<OrderStatusFilter, 'any'> }[] = [];
  const a = () => t.ctxOf(shopA);

  beforeAll(async () => {
    t = await createContextTestModule([CustomersModule, OrdersModule]);
    orders = t.moduleRef.get(OrdersService);
    shopA = await t.createShop('orders-admin-a');
    shopB = await t.createShop('orders-admin-b');
    customerId = (await createCustomer(a())).id;
    const other = (await createCustomer(a())).id;
    const closedAt = new Date('2026-01-10T00:00:00Z');
    const cancelledAt = new Date('2026-01-11T00:00:00Z');
    // A cancelled order is usually closed too: it counts as both.
    const statuses = ['open', 'closed', 'open', 'cancelled', 'closed', 'open', 'cancelled'] as const;
    for (const status of statuses) {
      const order = await createOrder(a(), {
        customerId,
        closedAt: status === 'open' ? null : closedAt,
        cancelledAt: status === 'cancelled' ? cancelledAt : null,
      });
      made.push({ id: order.id, status });
    }
    await createOrder(a(), { customerId: other });
    // Another shop's order naming the same customer id.
    foreignOrder = (await createOrder(t.ctxOf(shopB), { customerId })).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const expected = (status: OrderStatusFilter) =>
    made.filter((o) => status === 'any' || o.status === status || (status === 'closed' && o.status === 'cancelled')).map((o) => o.id);

  const walk = async (status: OrderStatusFilter, size: number, forward = true): Promise<number[]> => {
    const pages: number[][] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 20; i++) {
      const args: PaginationInput = forward ? { first: size, after: cursor } : { last: size, before: cursor };
      const page: ListPage<OrderRecord> = await orders.ordersOfCustomerForRest(a(), customerId, status, pageRequest(args));
      pages.push(page.items.map((item) => item.record.id));
      if (!(forward ? page.hasNextPage : page.hasPreviousPage)) break;
      cursor = (forward ? page.items.at(-1) : page.items[0])!.cursor;
    }
    return (forward ? pages : pages.reverse()).flat();
  };

  it.each(ORDER_STATUS_FILTERS)("pages a customer's %s orders in id order, forward and back", async (status) => {
    const want = expected(status);
    expect(want.length).toBeGreaterThan(0);
    expect(await walk(status, 250)).toEqual(want);
    expect(await walk(status, 2)).toEqual(want);
    expect(await walk(status, 2, false)).toEqual(want);
  });

  it('answers order records without the sort value, and nothing of another shop', async () => {
    const page = await orders.ordersOfCustomerForRest(a(), customerId, 'any', pageRequest({ first: 1 }));
    expect(page.items[0]!.record).toEqual({
      id: made[0]!.id,
      customerId,
      name: expect.any(String),
      number: expect.any(Number),
      email: null,
      financialStatus: 'pending',
      fulfillmentStatus: 'unfulfilled',
      currency: shopA.currency,
      presentmentCurrency: shopA.currency,
      subtotalPrice: '10.00',
      totalDiscounts: '0.00',
      totalShipping: '0.00',
      totalTax: '0.00',
      totalPrice: '10.00',
      shippingLines: [],
      billingAddress: null,
      shippingAddress: null,
      note: null,
      tags: [],
      test: false,
      createdAt: expect.any(Date),
      updatedAt: expect.any(Date),
      processedAt: expect.any(Date),
      closedAt: null,
      cancelledAt: null,
      cancelReason: null,
    });
    const theirs = await orders.ordersOfCustomerForRest(t.ctxOf(shopB), customerId, 'any', pageRequest({ first: 250 }));
    expect(theirs.items.map((item) => item.record.id)).toEqual([foreignOrder]);
  });

  it("refuses a cursor of the storefront's list of a customer's orders", async () => {
    const storefront = await orders.ordersOfCustomer(a(), customerId, pageRequest({ first: 1 }), 'ID');
    const cursor = storefront.items[0]!.cursor;
    await expect(orders.ordersOfCustomerForRest(a(), customerId, 'any', pageRequest({ first: 1, after: cursor }))).rejects.toMatchObject({ code: 'INVALID_CURSOR' });
  });

  it('costs one statement per page whatever its size', async () => {
    const one = await sqlDuring(() => orders.ordersOfCustomerForRest(a(), customerId, 'open', pageRequest({ first: 1 })));
    const many = await sqlDuring(() => orders.ordersOfCustomerForRest(a(), customerId, 'open', pageRequest({ first: 50 })));
    expect(one.statements).toHaveLength(1);
    expect(many.statements).toHaveLength(1);
  });

  it('reads orders by id in the order asked, null where the shop has none, every call of a tick in one statement', async () => {
    const ctx = a();
    const asked = [made[3]!.id, foreignOrder, made[0]!.id, 987_654_321, made[3]!.id, Number.NaN];
    const { result, statements } = await sqlDuring(() => Promise.all([orders.ordersByIds(ctx, asked), orders.ordersByIds(ctx, [made[1]!.id]), orders.ordersByIds(ctx, [])]));
    expect(result[0]!.map((o) => o?.id ?? null)).toEqual([made[3]!.id, null, made[0]!.id, null, made[3]!.id, null]);
    expect(result[0]![0]).toMatchObject({ cancelledAt: new Date('2026-01-11T00:00:00Z'), closedAt: new Date('2026-01-10T00:00:00Z') });
    expect(result[1]!.map((o) => o?.id)).toEqual([made[1]!.id]);
    expect(result[2]).toEqual([]);
    expect(statements).toHaveLength(1);
  });
});
