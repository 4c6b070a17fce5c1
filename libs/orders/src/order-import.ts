import type { EntityManager } from '@mikro-orm/postgresql';
import { insertRows } from '@platform/database';
import { OrderFulfillmentLineItem } from './order-fulfillment-line-item.entity.js';
import { OrderFulfillment } from './order-fulfillment.entity.js';
import { OrderLineItem } from './order-line-item.entity.js';
import { OrderTransaction } from './order-transaction.entity.js';
import { Order } from './order.entity.js';
import type { ImportedOrder } from './order.records.js';
import type { OrderRows, TransactionRow } from './order.rules.js';
import { RefundLineItem } from './refund-line-item.entity.js';
import { Refund } from './refund.entity.js';

/** An inserted transaction, with what the events about it need. */
export interface InsertedTransaction extends TransactionRow {
  id: number;
  orderId: number;
  refundId: number | null;
}

/**
 * Writes validated orders (`orderRows`) and everything under them with multi-row inserts, one statement per table
 * (per depth of transactions, whose parents need their ids first), on `em` (the caller's transaction).
 */
export async function insertOrders(em: EntityManager, shopId: number, prepared: OrderRows[]): Promise<{ orders: ImportedOrder[]; transactions: InsertedTransaction[] }> {
  const ids = await insertRows(em, Order, prepared.map((o) => ({ shopId, ...o.order })));
  const lineIds = await insertRows(
    em,
    OrderLineItem,
    prepared.flatMap((o, i) => o.lineItems.map((l) => ({ shopId, orderId: ids[i], ...l }))),
  );
  let l = 0;
  const orders = prepared.map((o, i) => ({ id: ids[i], name: o.order.name, lineItemIds: o.lineItems.map(() => lineIds[l++]) }));

  const refunds = prepared.flatMap((o, i) => o.refunds.map((r) => ({ order: i, ...r })));
  const refundIds = await insertRows(em, Refund, refunds.map((r) => ({ shopId, orderId: ids[r.order], ...r.refund })));
  await insertRows(
    em,
    RefundLineItem,
    refunds.flatMap((r, k) => r.lineItems.map(({ line, ...rest }) => ({ shopId, refundId: refundIds[k], lineItemId: orders[r.order].lineItemIds[line], ...rest }))),
  );
  // Refund k of the whole import is refund j of its order: map each order's indexes to ids.
  const refundIdsOf = prepared.map(() => [] as number[]);
  refunds.forEach((r, k) => refundIdsOf[r.order].push(refundIds[k]));

  const transactions = await insertTransactions(em, shopId, prepared, ids, refundIdsOf);

  const fulfillments = prepared.flatMap((o, i) => o.fulfillments.map((f) => ({ order: i, ...f })));
  const fulfillmentIds = await insertRows(em, OrderFulfillment, fulfillments.map((f) => ({ shopId, orderId: ids[f.order], ...f.fulfillment })));
  await insertRows(
    em,
    OrderFulfillmentLineItem,
    fulfillments.flatMap((f, k) => f.lineItems.map(({ line, quantity }) => ({ shopId, fulfillmentId: fulfillmentIds[k], lineItemId: orders[f.order].lineItemIds[line], quantity }))),
  );
  return { orders, transactions };
}

async function insertTransactions(em: EntityManager, shopId: number, prepared: OrderRows[], orderIds: number[], refundIdsOf: number[][]): Promise<InsertedTransaction[]> {
  // A parent always comes earlier in its order's list, so depths are known in one pass.
  const all = prepared.flatMap((o, i) => {
    const depth: number[] = [];
    return o.transactions.map((t, j) => {
      depth[j] = t.parent === null ? 0 : depth[t.parent] + 1;
      return { order: i, index: j, depth: depth[j], row: t };
    });
  });
  const idOf = new Map<string, number>();
  const inserted: InsertedTransaction[] = [];
  for (let depth = 0; ; depth++) {
    const level = all.filter((t) => t.depth === depth);
    if (level.length === 0) break;
    const values = level.map(({ order, row }) => ({
      orderId: orderIds[order],
      refundId: row.refund === null ? null : refundIdsOf[order][row.refund],
      parentId: row.parent === null ? null : idOf.get(`${order}:${row.parent}`)!,
    }));
    const ids = await insertRows(
      em,
      OrderTransaction,
      level.map(({ row: { parent: _p, refund: _r, ...row } }, k) => ({ shopId, ...values[k], ...row })),
    );
    level.forEach((t, k) => {
      idOf.set(`${t.order}:${t.index}`, ids[k]);
      inserted.push({ ...t.row, id: ids[k], orderId: values[k].orderId, refundId: values[k].refundId });
    });
  }
  return inserted.sort((a, b) => a.id - b.id);
}
