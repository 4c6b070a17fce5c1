import pg from 'pg';
import { CatalogModule } from '@platform/catalog';
import { createProduct } from '@platform/catalog/testing';
import { CustomersModule } from '@platform/customers';
import { createCustomer } from '@platform/customers/testing';
import { EventsModule } from '@platform/events';
import { pageRequest } from '@platform/paging';
import { OrderLifecycleService, OrdersModule, OrdersService, type RefundInput } from '@platform/orders';
import { type OrderTraits, createOrder } from '@platform/orders/testing';
import { PaymentsModule } from '@platform/payments';
import type { ShopSnapshot } from '@platform/tenancy';
import { type ContextTestModule, createContextTestModule } from '../../support/context-test-module.js';

// The merchant's order writes on Postgres: refunds (lines, shipping, money, restock), cancel, close and open; each
// rule answered as problems with nothing written; concurrent refunds of one order never give back more than was
// paid; the ledger books every refund transaction; another shop's order is unknown.
describe('order refunds, cancel, close and open on Postgres', () => {
  let t: ContextTestModule;
  let db: pg.Client;
  let lifecycle: OrderLifecycleService;
  let orders: OrdersService;
  let shopA: ShopSnapshot;
  let shopB: ShopSnapshot;
  const a = () => t.ctxOf(shopA);
  const rows = async <T = any>(sql: string, params: unknown[] = []): Promise<T[]> => (await db.query(sql, params)).rows as T[];
  const one = async <T = any>(sql: string, params: unknown[] = []): Promise<T> => (await rows<T>(sql, params))[0]!;
  const plain = (problems: readonly { code: string; field?: string; message: string }[]) => problems.map(({ code, field, message }) => ({ code, field: field ?? null, message }));
  /** Every row a refund, cancel, close or open could write, to show a refused one wrote nothing. */
  const snapshot = async () =>
    JSON.stringify(
      await rows(`select (select json_agg(o order by o.id) from orders o) as orders, (select json_agg(r order by r.id) from refunds r) as refunds,
        (select json_agg(l order by l.id) from refund_line_items l) as lines, (select json_agg(t order by t.id) from order_transactions t) as transactions,
        (select json_agg(v.inventory_quantity order by v.id) from product_variants v) as stock, (select count(*) from balance_transactions) as ledger`),
    );
  let variantId: number;

  // Two tees at 10.00 (variant with stock 5) and a mug at 5.00, 1.50 tax, 4.00 shipping: 30.50, paid in one sale.
  const paidOrder = async (traits: OrderTraits = {}) =>
    createOrder(a(), {
      financialStatus: 'paid',
      lineItems: [
        { title: 'Tee', quantity: 2, price: '10.00', variantId },
        { title: 'Mug', quantity: 1, price: '5.00' },
      ],
      totalTax: '1.50',
      shippingLines: [{ title: 'Standard', code: 'STD', price: '4.00' }],
      ...traits,
    });
  const saleOf = async (orderId: number) => (await one<{ id: string }>(`select id from order_transactions where order_id = $1 and kind = 'sale'`, [orderId])).id;
  const refundOf = (orderId: number, extra: Partial<RefundInput> = {}): RefundInput => ({ orderId, lines: [], transactions: [], ...extra });

  beforeAll(async () => {
    t = await createContextTestModule([EventsModule, CatalogModule, CustomersModule, OrdersModule, PaymentsModule]);
    lifecycle = t.moduleRef.get(OrderLifecycleService);
    orders = t.moduleRef.get(OrdersService);
    // Registers the ledger's event handlers.
    await t.moduleRef.init();
    shopA = await t.createShop('lifecycle-a');
    shopB = await t.createShop('lifecycle-b');
    db = new pg.Client({ connectionString: t.databaseUrl });
    await db.connect();
    const product = await createProduct(a());
    variantId = product.variants[0]!.id;
  });
  afterAll(async () => {
    await db?.end();
    await t?.close();
  });

  describe('refunds', () => {
    it('refunds a line with restock and part of the money: partially refunded, stock back, the ledger books it', async () => {
      const order = await paidOrder();
      const sale = await saleOf(order.id);
      const stock = async () => (await one<{ inventory_quantity: number; total_inventory: number }>(
        'select v.inventory_quantity, p.total_inventory from product_variants v join products p on p.id = v.product_id where v.id = $1',
        [variantId],
      ));
      const before = await stock();
      const result = await lifecycle.createRefund(a(), refundOf(order.id, {
        note: 'Wrong size',
        lines: [{ lineItemId: order.lineItemIds[0]!, quantity: 1, restockType: 'return' }],
        transactions: [{ amount: '10.50', kind: 'refund', parentId: Number(sale), gateway: 'manual' }],
      }));
      expect(plain(result.problems)).toEqual([]);
      expect(result.refund).toMatchObject({
        orderId: order.id,
        note: 'Wrong size',
        restock: true,
        lineItems: [{ lineItemId: order.lineItemIds[0], quantity: 1, restockType: 'return', subtotal: '10.00', totalTax: '0.60' }],
        transactions: [{ kind: 'refund', status: 'success', amount: '10.50', parentId: Number(sale), refundId: result.refund!.id, gateway: 'manual' }],
      });
      expect(result.order).toMatchObject({ id: order.id, financialStatus: 'partially_refunded', fulfillmentStatus: 'unfulfilled' });
      expect(await stock()).toEqual({ inventory_quantity: before.inventory_quantity + 1, total_inventory: before.total_inventory + 1 });
      // Back at the location, recorded as a restock against the order.
      expect(await rows(`select reason, changes->0->>'delta' as delta from inventory_adjustment_groups where reference_document_uri = $1`, [`gid://platform/Order/${order.id}`])).toEqual([{ reason: 'restock', delta: '1' }]);
      const [booked] = await rows(`select type, amount, source_order_id::int, source_order_transaction_id::int from balance_transactions where source_order_id = $1`, [order.id]);
      expect(booked).toEqual({ type: 'refund', amount: '-10.50', source_order_id: order.id, source_order_transaction_id: result.refund!.transactions[0]!.id });
    });

    it('refunds everything in two refunds: refunded, shipping once, every line once, sums exact', async () => {
      const order = await paidOrder();
      const first = await lifecycle.createRefund(a(), refundOf(order.id, {
        lines: [{ lineItemId: order.lineItemIds[1]!, quantity: 1, restockType: 'no_restock' }],
        shipping: { fullRefund: true },
        transactions: [{ amount: '9.33', kind: 'refund', parentId: null }],
      }));
      expect(plain(first.problems)).toEqual([]);
      expect(first.order!.financialStatus).toBe('partially_refunded');
      const second = await lifecycle.createRefund(a(), refundOf(order.id, {
        lines: [{ lineItemId: order.lineItemIds[0]!, quantity: 2, restockType: 'no_restock' }],
        transactions: [{ amount: '21.17', kind: 'refund', parentId: null }],
      }));
      expect(plain(second.problems)).toEqual([]);
      expect(second.order!.financialStatus).toBe('refunded');
      const total = await one(`select sum(amount)::text as sum from order_transactions where order_id = $1 and kind = 'refund'`, [order.id]);
      expect(total.sum).toBe('30.50');
      expect(await one(`select sum(shipping)::text as shipping from refunds where order_id = $1`, [order.id])).toEqual({ shipping: '4.00' });
      // Nothing is left: more shipping, units or money are refused.
      const again = await lifecycle.createRefund(a(), refundOf(order.id, {
        lines: [{ lineItemId: order.lineItemIds[0]!, quantity: 1, restockType: 'no_restock' }],
        shipping: { amount: '0.01' },
        transactions: [{ amount: '0.01', kind: 'refund', parentId: null }],
      }));
      expect(plain(again.problems)).toEqual([
        { code: 'EXCEEDS_REFUNDABLE', field: 'refundLineItems[0].quantity', message: 'Quantity cannot be more than the 0 not yet refunded' },
        { code: 'EXCEEDS_REFUNDABLE', field: 'shipping.shippingRefundAmount.amount', message: 'Amount cannot be more than the 0.00 of shipping not yet refunded' },
        { code: 'EXCEEDS_REFUNDABLE', field: 'transactions[0].amount', message: 'Amount cannot be more than the 0.00 the order can still refund' },
      ]);
    });

    it('restocks every unit of an unfulfilled order: restocked', async () => {
      const order = await paidOrder();
      const result = await lifecycle.createRefund(a(), refundOf(order.id, {
        lines: order.lineItemIds.map((lineItemId, i) => ({ lineItemId, quantity: i === 0 ? 2 : 1, restockType: 'cancel' as const })),
      }));
      expect(result.order).toMatchObject({ financialStatus: 'paid', fulfillmentStatus: 'restocked' });
    });

    it('answers every problem and writes nothing', async () => {
      const order = await paidOrder();
      const before = await snapshot();
      const result = await lifecycle.createRefund(a(), refundOf(order.id, {
        note: 'x'.repeat(5001),
        transactions: [{ amount: '1.00', kind: 'refund', parentId: null }],
      }));
      expect(plain(result.problems)).toEqual([{ code: 'INVALID', field: 'note', message: 'Note is too long (maximum is 5000 characters)' }]);
      const refused = await lifecycle.createRefund(a(), refundOf(order.id, {
        lines: [{ lineItemId: order.lineItemIds[0]!, quantity: 3, restockType: 'return' }],
        transactions: [{ amount: '30.51', kind: 'refund', parentId: null }],
      }));
      expect(plain(refused.problems).map((p) => p.field)).toEqual(['refundLineItems[0].quantity', 'transactions[0].amount']);
      expect(refused.refund).toBeNull();
      expect(await snapshot()).toBe(before);
    });

    it("treats another shop's order and lines as unknown", async () => {
      const foreign = await createOrder(t.ctxOf(shopB), { financialStatus: 'paid' });
      const mine = await paidOrder();
      const before = await snapshot();
      const result = await lifecycle.createRefund(a(), refundOf(foreign.id, { transactions: [{ amount: '1.00', kind: 'refund', parentId: null }] }));
      expect(plain(result.problems)).toEqual([{ code: 'NOT_FOUND', field: 'orderId', message: 'Order does not exist' }]);
      const foreignLine = await lifecycle.createRefund(a(), refundOf(mine.id, { lines: [{ lineItemId: foreign.lineItemIds[0]!, quantity: 1, restockType: 'no_restock' }] }));
      expect(plain(foreignLine.problems)).toEqual([{ code: 'NOT_FOUND', field: 'refundLineItems[0].lineItemId', message: 'Line item does not exist' }]);
      const foreignParent = await lifecycle.createRefund(a(), refundOf(mine.id, { transactions: [{ amount: '1.00', kind: 'refund', parentId: Number(await saleOf(foreign.id)) }] }));
      expect(plain(foreignParent.problems)).toEqual([{ code: 'NOT_FOUND', field: 'transactions[0].parentId', message: 'Parent transaction does not exist' }]);
      expect(await snapshot()).toBe(before);
      expect(await lifecycle.close(t.ctxOf(shopA), foreign.id)).toMatchObject({ order: null, problems: [expect.objectContaining({ code: 'NOT_FOUND', field: 'id' })] });
    });

    it('never over-refunds when refunds of one order run at once (the order row lock)', async () => {
      const order = await paidOrder();
      // Eight refunds of 7.00 against 30.50 paid: four fit, whichever order they run in.
      const results = await Promise.all(Array.from({ length: 8 }, () => lifecycle.createRefund(a(), refundOf(order.id, { transactions: [{ amount: '7.00', kind: 'refund', parentId: null }] }))));
      expect(results.filter((r) => r.problems.length === 0)).toHaveLength(4);
      expect(results.filter((r) => r.problems.length > 0).every((r) => r.problems[0]!.code === 'EXCEEDS_REFUNDABLE')).toBe(true);
      expect(await one(`select sum(amount)::text as sum, count(*)::int as count from order_transactions where order_id = $1 and kind = 'refund'`, [order.id])).toEqual({ sum: '28.00', count: 4 });
      expect(await one(`select count(*)::int as count from balance_transactions where source_order_id = $1 and type = 'refund'`, [order.id])).toEqual({ count: 4 });
      // And two units of one line asked twice at once: one refund takes them.
      const both = await Promise.all([0, 1].map(() => lifecycle.createRefund(a(), refundOf(order.id, { lines: [{ lineItemId: order.lineItemIds[0]!, quantity: 2, restockType: 'no_restock' }] }))));
      expect(both.map((r) => r.problems.length).sort()).toEqual([0, 1]);
    });
  });

  describe('cancel', () => {
    it('cancels with refund and restock: one refund of everything left, refunded, cancelled and closed', async () => {
      const order = await paidOrder();
      await lifecycle.createRefund(a(), refundOf(order.id, { transactions: [{ amount: '5.00', kind: 'refund', parentId: null }] }));
      const stock = async () => (await one<{ inventory_quantity: number }>('select inventory_quantity from product_variants where id = $1', [variantId])).inventory_quantity;
      const before = await stock();
      const result = await lifecycle.cancel(a(), order.id, { reason: 'customer', refund: true, restock: true, staffNote: 'Asked by phone' });
      expect(plain(result.problems)).toEqual([]);
      expect(result.order).toMatchObject({ financialStatus: 'refunded', cancelReason: 'customer', cancelledAt: expect.any(Date), closedAt: expect.any(Date) });
      expect(await stock()).toBe(before + 2);
      const [refund] = await rows(
        `select r.shipping::text, r.restock, (select sum(amount)::text from order_transactions t where t.refund_id = r.id) as money,
           (select json_agg(json_build_object('quantity', l.quantity, 'restock', l.restock_type) order by l.id) from refund_line_items l where l.refund_id = r.id) as lines
         from refunds r where r.order_id = $1 order by r.id desc limit 1`,
        [order.id],
      );
      expect(refund).toEqual({ shipping: '4.00', restock: true, money: '25.50', lines: [{ quantity: 2, restock: 'cancel' }, { quantity: 1, restock: 'cancel' }] });
      const again = await lifecycle.cancel(a(), order.id, { reason: 'other', refund: false, restock: false });
      expect(plain(again.problems)).toEqual([{ code: 'INVALID_STATE', field: 'orderId', message: 'Order has already been cancelled' }]);
    });

    it('cancels without refund or restock: no refund, the money stays', async () => {
      const order = await paidOrder();
      const result = await lifecycle.cancel(a(), order.id, { reason: 'fraud', refund: false, restock: false });
      expect(result.order).toMatchObject({ financialStatus: 'paid', cancelReason: 'fraud' });
      expect(await one('select count(*)::int as count from refunds where order_id = $1', [order.id])).toEqual({ count: 0 });
    });

    it('releases an authorized payment: voided, with the void transaction', async () => {
      const order = await createOrder(a(), { financialStatus: 'authorized' });
      const result = await lifecycle.cancel(a(), order.id, { reason: 'declined', refund: true, restock: false });
      expect(plain(result.problems)).toEqual([]);
      expect(result.order!.financialStatus).toBe('voided');
      expect(await rows(`select kind, status, amount::text from order_transactions where order_id = $1 order by id`, [order.id])).toEqual([
        { kind: 'authorization', status: 'success', amount: '10.00' },
        { kind: 'void', status: 'success', amount: '10.00' },
      ]);
    });

    it('refuses a fulfilled order, an unknown reason and a foreign order, writing nothing', async () => {
      const fulfilled = await paidOrder({ fulfillmentStatus: 'fulfilled' });
      const foreign = await createOrder(t.ctxOf(shopB));
      const before = await snapshot();
      expect(plain((await lifecycle.cancel(a(), fulfilled.id, { reason: 'customer', refund: true, restock: true })).problems)).toEqual([
        { code: 'INVALID_STATE', field: 'orderId', message: 'Order cannot be cancelled once it has fulfilled items' },
      ]);
      expect(plain((await lifecycle.cancel(a(), fulfilled.id, { reason: 'bored', refund: false, restock: false })).problems)[0]!.field).toBe('reason');
      expect(plain((await lifecycle.cancel(a(), foreign.id, { reason: 'customer', refund: false, restock: false })).problems)).toEqual([
        { code: 'NOT_FOUND', field: 'orderId', message: 'Order does not exist' },
      ]);
      expect(await snapshot()).toBe(before);
    });
  });

  describe('close and open', () => {
    it('moves the order between the REST status lists', async () => {
      const customerId = (await createCustomer(a())).id;
      const order = await paidOrder({ customerId });
      const inList = async (status: 'open' | 'closed' | 'cancelled') =>
        (await orders.ordersOfCustomerForRest(a(), customerId, status, pageRequest({ first: 50 }))).items.map((i) => i.record.id).includes(order.id);
      expect(await inList('open')).toBe(true);
      const closed = await lifecycle.close(a(), order.id);
      expect(closed.order!.closedAt).toBeInstanceOf(Date);
      expect([await inList('open'), await inList('closed')]).toEqual([false, true]);
      // Closing again keeps the first close time.
      expect((await lifecycle.close(a(), order.id)).order!.closedAt).toEqual(closed.order!.closedAt);
      const opened = await lifecycle.open(a(), order.id);
      expect(opened.order!.closedAt).toBeNull();
      expect([await inList('open'), await inList('closed')]).toEqual([true, false]);
      await lifecycle.cancel(a(), order.id, { reason: 'other', refund: false, restock: false });
      expect([await inList('open'), await inList('closed'), await inList('cancelled')]).toEqual([false, true, true]);
      // Reopened, a cancelled order stays cancelled (and out of the open list).
      expect((await lifecycle.open(a(), order.id)).order).toMatchObject({ closedAt: null, cancelledAt: expect.any(Date) });
      expect([await inList('open'), await inList('cancelled')]).toEqual([false, true]);
    });
  });
});
