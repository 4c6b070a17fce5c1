import { Injectable } from '@nestjs/common';
import { type EventHandler, HandlesEvent } from '@platform/events';
import { OrderPaid, OrderPlacementService, OrdersModule, type PlaceOrderInput } from '@platform/orders';
import { type RequestContext, inTransaction } from '@platform/request';
import type { ShopSnapshot } from '@platform/tenancy';
import { type ContextTestModule, createContextTestModule } from '../../support/context-test-module.js';

const heard: OrderPaid[] = [];

@Injectable()
@HandlesEvent(OrderPaid)
class PaidListener implements EventHandler<OrderPaid> {
  async handle(_ctx: RequestContext, event: OrderPaid): Promise<void> {
    heard.push(event);
  }
}

// The checkout's use case of the orders context: numbers in order per shop, a paid order with its sale, OrderPaid
// after commit, one order per cart, and everything rolled back with the caller's transaction.
describe('placing orders on Postgres', () => {
  let t: ContextTestModule;
  let placement: OrderPlacementService;
  let shopA: ShopSnapshot;
  let shopB: ShopSnapshot;
  const sql = async <T extends object>(query: string, params: unknown[]) => (await t.ctxOf(shopA).em.getConnection().execute<T[]>(query, params)) as T[];

  beforeAll(async () => {
    t = await createContextTestModule([OrdersModule], [PaidListener]);
    await t.moduleRef.init();
    placement = t.moduleRef.get(OrderPlacementService);
    shopA = await t.createShop('placement-a');
    shopB = await t.createShop('placement-b');
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(() => {
    heard.length = 0;
  });

  const input = (cartToken: string, overrides: Partial<PlaceOrderInput> = {}): PlaceOrderInput => ({
    cartToken,
    customerId: null,
    email: 'Buyer@Example.com',
    currency: 'CAD',
    lineItems: [
      { title: 'Lamp', variantTitle: 'Red', quantity: 3, price: '19.99', variantId: null },
      { title: 'Bulb', quantity: 1, price: '0.05' },
    ],
    subtotalPrice: '60.02',
    totalDiscounts: '6.00',
    totalTax: '0.00',
    totalPrice: '54.02',
    shippingAddress: { firstName: 'Ada', lastName: 'Lovelace', company: null, address1: '1 Main St', address2: null, city: 'Toronto', province: null, provinceCode: null, country: null, countryCode: 'CA', zip: 'M5V', phone: null },
    billingAddress: null,
    gateway: 'dev.platform.wallet_handler',
    test: true,
    visitorConsent: { analytics: true, marketing: false },
    ...overrides,
  });

  it('places #1001 paid with one sale, records the cart and consent, and publishes OrderPaid after commit', async () => {
    const order = await placement.placeOrder(t.ctxOf(shopA), input('cart-1'));
    expect(order).toMatchObject({ name: '#1001', number: 1001, email: 'buyer@example.com', currency: 'CAD', totalPrice: '54.02', customerId: null });
    const [row] = await sql<any>(
      `select name, financial_status, currency, subtotal_price, total_discounts, total_price, test, cart_token, visitor_consent, shipping_address->>'city' as city
         from orders where id = ?`,
      [order.id],
    );
    expect(row).toEqual({
      name: '#1001',
      financial_status: 'paid',
      currency: 'CAD',
      subtotal_price: '60.02',
      total_discounts: '6.00',
      total_price: '54.02',
      test: true,
      cart_token: 'cart-1',
      visitor_consent: { analytics: true, marketing: false },
      city: 'Toronto',
    });
    const transactions = await sql<any>('select id, kind, status, amount, currency, gateway from order_transactions where order_id = ?', [order.id]);
    expect(transactions.map(({ id: _id, ...x }: any) => x)).toEqual([{ kind: 'sale', status: 'success', amount: '54.02', currency: 'CAD', gateway: 'dev.platform.wallet_handler' }]);
    expect(heard).toEqual([new OrderPaid(order.id, Number(transactions[0].id), '54.02', 'CAD', true, order.processedAt.toISOString())]);
    expect(await placement.orderOfCart(t.ctxOf(shopA), 'cart-1')).toEqual(order);
    expect(await placement.orderOfCart(t.ctxOf(shopB), 'cart-1')).toBeNull();
  });

  it('numbers each shop on its own, and concurrent placements take distinct consecutive numbers', async () => {
    expect((await placement.placeOrder(t.ctxOf(shopB), input('cart-b'))).name).toBe('#1001');
    const placed = await Promise.all(Array.from({ length: 6 }, (_, i) => placement.placeOrder(t.ctxOf(shopA), input(`cart-many-${i}`))));
    expect(placed.map((o) => o.number).sort()).toEqual([1002, 1003, 1004, 1005, 1006, 1007]);
  });

  it('refuses a second order of the same cart, and rolls back with the caller', async () => {
    await placement.placeOrder(t.ctxOf(shopA), input('cart-twice'));
    await expect(placement.placeOrder(t.ctxOf(shopA), input('cart-twice'))).rejects.toThrow();
    const ctx = t.ctxOf(shopA);
    await expect(
      ctx.em.transactional(async (em) => {
        await placement.placeOrder(inTransaction(ctx, em), input('cart-rolled-back'));
        throw new Error('payment step failed');
      }),
    ).rejects.toThrow('payment step failed');
    expect(await placement.orderOfCart(t.ctxOf(shopA), 'cart-rolled-back')).toBeNull();
    const [{ n }] = await sql<any>("select count(*)::int as n from orders where shop_id = ? and cart_token in ('cart-twice', 'cart-rolled-back')", [shopA.id]);
    expect(n).toBe(1);
  });

  it('refuses totals that do not add up, writing nothing', async () => {
    await expect(placement.placeOrder(t.ctxOf(shopA), input('cart-bad', { totalPrice: '54.03' }))).rejects.toMatchObject({ code: 'TOTALS_MISMATCH' });
    expect(await placement.orderOfCart(t.ctxOf(shopA), 'cart-bad')).toBeNull();
  });
});
