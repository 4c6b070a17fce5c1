import { Injectable } from '@nestjs/common';
import { type EventHandler, HandlesEvent } from '@platform/events';
import { OrderPaid, OrderRefunded, OrdersModule, OrdersService } from '@platform/orders';
import type { RequestContext } from '@platform/request';
import type { ShopSnapshot } from '@platform/tenancy';
import { type ContextTestModule, createContextTestModule } from '../../support/context-test-module.js';

const heard: object[] = [];

@Injectable()
@HandlesEvent(OrderPaid)
class PaidListener implements EventHandler<OrderPaid> {
  async handle(_ctx: RequestContext, event: OrderPaid): Promise<void> {
    heard.push(event);
  }
}

@Injectable()
@HandlesEvent(OrderRefunded)
class RefundedListener implements EventHandler<OrderRefunded> {
  async handle(_ctx: RequestContext, event: OrderRefunded): Promise<void> {
    heard.push(event);
  }
}

// Imports write an order's transactions, refunds and fulfillments, and tell the ledger of the money after commit.
describe('importing orders on Postgres', () => {
  let t: ContextTestModule;
  let orders: OrdersService;
  let shop: ShopSnapshot;
  const sql = async <T extends object>(query: string, params: unknown[]) => (await t.ctxOf(shop).em.getConnection().execute<T[]>(query, params)) as T[];

  beforeAll(async () => {
    t = await createContextTestModule([OrdersModule], [PaidListener, RefundedListener]);
    // Registers the after-commit subscriber and the handlers.
    await t.moduleRef.init();
    orders = t.moduleRef.get(OrdersService);
    shop = await t.createShop('orders-import');
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(() => {
    heard.length = 0;
  });

  const base = {
    currency: 'USD',
    processedAt: new Date('2026-10-01T10:00:00Z'),
    lineItems: [
      { title: 'Lamp', quantity: 2, price: '30.00', sku: 'LAMP-1' },
      { title: 'Bulb', quantity: 3, price: '2.50' },
    ],
    subtotalPrice: '67.50',
    totalDiscounts: '7.50',
    shippingLines: [{ title: 'Standard', code: 'STD', price: '5.00' }],
    totalTax: '6.75',
    totalPrice: '71.75',
  };

  it('writes the sale of a paid order, its refunds and fulfillments, and publishes OrderPaid and OrderRefunded', async () => {
    const [order] = await orders.importOrders(t.ctxOf(shop), [
      {
        ...base,
        name: '#2001',
        number: 2001,
        financialStatus: 'partially_refunded',
        fulfillmentStatus: 'fulfilled',
        refunds: [{ processedAt: new Date('2026-10-03T10:00:00Z'), note: 'Broken', restock: true, lineItems: [{ line: 1, quantity: 2, restockType: 'return' }] }],
      },
    ]);
    const transactions = await sql<{ id: string; kind: string; status: string; amount: string; parent_id: string | null; refund_id: string | null }>(
      'select id, kind, status, amount, parent_id, refund_id from order_transactions where order_id = ? order by id',
      [order!.id],
    );
    expect(transactions.map((x) => [x.kind, x.status, x.amount])).toEqual([
      ['sale', 'success', '71.75'],
      ['refund', 'success', '5.50'],
    ]);
    expect(transactions[1]!.parent_id).toBe(transactions[0]!.id);
    const [refundLine] = await sql<{ quantity: number; subtotal: string; total_tax: string; restock_type: string }>(
      'select quantity, subtotal, total_tax, restock_type from refund_line_items where shop_id = ?',
      [shop.id],
    );
    // 2 × 2.50 = 5.00 of a 67.50 subtotal carries 0.50 of its 6.75 tax.
    expect(refundLine).toEqual({ quantity: 2, subtotal: '5.00', total_tax: '0.50', restock_type: 'return' });
    const fulfillments = await sql<{ name: string; units: string }>(
      'select f.name, sum(fl.quantity)::text as units from order_fulfillments f join order_fulfillment_line_items fl on fl.fulfillment_id = f.id where f.order_id = ? group by f.name',
      [order!.id],
    );
    expect(fulfillments).toEqual([{ name: '#2001.1', units: '5' }]);
    const [row] = await sql<{ total_shipping: string; total_discounts: string; presentment_currency: string }>(
      'select total_shipping, total_discounts, presentment_currency from orders where id = ?',
      [order!.id],
    );
    expect(row).toEqual({ total_shipping: '5.00', total_discounts: '7.50', presentment_currency: 'USD' });

    expect(heard).toEqual([
      new OrderPaid(order!.id, Number(transactions[0]!.id), '71.75', 'USD', false, '2026-10-01T10:00:00.000Z'),
      new OrderRefunded(order!.id, Number(transactions[1]!.refund_id), Number(transactions[1]!.id), '5.50', 'USD', false, '2026-10-03T10:00:00.000Z'),
    ]);
  });

  it('publishes nothing for authorizations, voids and failed sales', async () => {
    await orders.importOrders(t.ctxOf(shop), [
      { ...base, name: '#2002', number: 2002, financialStatus: 'authorized' },
      { ...base, name: '#2003', number: 2003, financialStatus: 'voided' },
      { ...base, name: '#2004', number: 2004, financialStatus: 'pending', transactions: [{ kind: 'sale', status: 'failure', amount: '71.75', errorCode: 'card_declined' }] },
    ]);
    expect(heard).toEqual([]);
  });

  it('refuses a refund beyond what was paid and writes nothing', async () => {
    const before = await sql<{ n: string }>('select count(*)::text as n from orders where shop_id = ?', [shop.id]);
    await expect(
      orders.importOrders(t.ctxOf(shop), [{ ...base, name: '#2005', number: 2005, financialStatus: 'pending', refunds: [{ processedAt: new Date(), amount: '1.00' }] }]),
    ).rejects.toMatchObject({ field: 'orders[0].refunds[0].amount' });
    await expect(
      orders.importOrders(t.ctxOf(shop), [{ ...base, name: '#2006', number: 2006, totalPrice: '67.50' }]),
    ).rejects.toMatchObject({ code: 'TOTALS_MISMATCH', field: 'orders[0].totalPrice' });
    expect(await sql<{ n: string }>('select count(*)::text as n from orders where shop_id = ?', [shop.id])).toEqual(before);
    expect(heard).toEqual([]);
  });
});
