import { Inject, Injectable, Optional } from '@nestjs/common';
import { CLOCK, type Clock, systemClock } from '@platform/clock';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { CatalogService } from '@platform/catalog';
import { toGlobalId } from '@platform/ids';
import { DomainEvents } from '@platform/events';
import { Decimal } from '@platform/money';
import { type RequestContext, inTransaction } from '@platform/request';
import { OrderRefunded } from './events/order-refunded.event.js';
import type { CancelOrderInput, RefundInput } from './order-lifecycle.inputs.js';
import { OrderLineItem } from './order-line-item.entity.js';
import type { CancelReason, OrderRecord, OrderTransactionRecord, RefundRecord } from './order.records.js';
import { cancelProblems, closedAtAfterClose, financialStatusAfterCancel, financialStatusAfterRefund, fulfillmentStatusAfterRefund, stateAfterCancel } from './order-status.rules.js';
import { OrderTransaction } from './order-transaction.entity.js';
import { Order } from './order.entity.js';
import { type OrderError, OrderErrors, orderNotFound } from './orders.errors.js';
import { OrdersService } from './orders.service.js';
import { RefundLineItem } from './refund-line-item.entity.js';
import { Refund } from './refund.entity.js';
import { type RefundPlan, type RefundableOrder, allocate, cancellationRefund, checkRefund, paidAmount, refundedAmount } from './refund.rules.js';

/** Longest note a refund keeps. */
export const MAX_REFUND_NOTE_LENGTH = 5000;

export interface RefundResult {
  refund: RefundRecord | null;
  order: OrderRecord | null;
  problems: OrderError[];
}

export interface OrderChangeResult {
  order: OrderRecord | null;
  problems: OrderError[];
}

/**
 * The merchant's writes that move an order's money and state: refunds, cancellation, close and reopen. Each runs in
 * one transaction holding the order's row lock, so two refunds of one order at once are checked one after the
 * other and never give back more than was paid. Input problems come back as `problems` with nothing written; each
 * refund transaction publishes OrderRefunded in that transaction (the payments ledger books it).
 */
@Injectable()
export class OrderLifecycleService {
  constructor(
    private readonly orders: OrdersService,
    private readonly catalog: CatalogService,
    private readonly events: DomainEvents,
    @Optional() @Inject(CLOCK) private readonly clock: Clock = systemClock,
  ) {}

  // The time rules and records are judged at (the process' clock: tests move it).
  private now(): Date {
    return new Date(this.clock.now());
  }

  /** Refunds lines, shipping and money of an order (`refundCreate`); fields are relative to the refund input. */
  async createRefund(ctx: RequestContext, input: RefundInput): Promise<RefundResult> {
    if (input.note && input.note.length > MAX_REFUND_NOTE_LENGTH) {
      return { refund: null, order: null, problems: [OrderErrors.INVALID(`Note is too long (maximum is ${MAX_REFUND_NOTE_LENGTH} characters)`, { field: 'note' })] };
    }
    const outcome = await ctx.em.transactional(async (em) => {
      const order = await lockOrder(em, ctx, input.orderId);
      if (!order) return { refund: null, problems: [orderNotFound('orderId')] };
      const { state, restocked } = await refundableOrder(em, ctx, order);
      const { plan, problems } = checkRefund(state, input);
      if (!plan) return { refund: null, problems };
      const refund = await this.writeRefund(ctx, em, order, { state, restocked }, plan, input.note ?? null);
      order.financialStatus = financialStatusAfterRefund(order.financialStatus, paidAmount(state), afterRefund(state, plan));
      await em.flush();
      return { refund, problems: [] as OrderError[] };
    });
    if (!outcome.refund) return { refund: null, order: null, problems: outcome.problems };
    const [order] = await this.orders.ordersByIds(ctx, [input.orderId]);
    return { refund: outcome.refund, order: order ?? null, problems: [] };
  }

  /**
   * Cancels an order (`orderCancel`): refuses one cancelled before or with fulfilled goods; with `refund` gives back
   * all the money and shipping left, with `restock` puts every unit left back in stock (one refund records both);
   * releases a payment only authorized; closes the order. Fields are the mutation's arguments.
   */
  async cancel(ctx: RequestContext, orderId: number, input: CancelOrderInput): Promise<OrderChangeResult> {
    const problems = await ctx.em.transactional(async (em) => {
      const order = await lockOrder(em, ctx, orderId);
      if (!order) return [orderNotFound('orderId')];
      const refused = cancelProblems(order, input.reason, input.staffNote);
      if (refused.length > 0) return refused;
      const { state, restocked } = await refundableOrder(em, ctx, order);
      const plan = cancellationRefund(state, input);
      if (plan) await this.writeRefund(ctx, em, order, { state, restocked }, plan, null);
      const now = this.now();
      await voidAuthorizations(em, ctx, order, state, now);
      Object.assign(order, stateAfterCancel(order, now), {
        cancelReason: input.reason as CancelReason,
        financialStatus: financialStatusAfterCancel(order.financialStatus, paidAmount(state), plan ? afterRefund(state, plan) : refundedAmount(state)),
      });
      await em.flush();
      return [];
    });
    return this.answer(ctx, orderId, problems);
  }

  /** Closes an order (`orderClose`); a closed one keeps its close time. */
  async close(ctx: RequestContext, orderId: number): Promise<OrderChangeResult> {
    return this.changeState(ctx, orderId, (order) => {
      order.closedAt = closedAtAfterClose(order, this.now());
    });
  }

  /** Reopens a closed order (`orderOpen`); a cancelled order reopens but stays cancelled. */
  async open(ctx: RequestContext, orderId: number): Promise<OrderChangeResult> {
    return this.changeState(ctx, orderId, (order) => {
      order.closedAt = null;
    });
  }

  private async changeState(ctx: RequestContext, orderId: number, change: (order: Order) => void): Promise<OrderChangeResult> {
    const problems = await ctx.em.transactional(async (em) => {
      const order = await lockOrder(em, ctx, orderId);
      if (!order) return [orderNotFound('id')];
      change(order);
      await em.flush();
      return [];
    });
    return this.answer(ctx, orderId, problems);
  }

  private async answer(ctx: RequestContext, orderId: number, problems: OrderError[]): Promise<OrderChangeResult> {
    if (problems.length > 0) return { order: null, problems };
    const [order] = await this.orders.ordersByIds(ctx, [orderId]);
    return { order: order ?? null, problems };
  }

  // Writes the refund, its lines and its transactions, restocks, and publishes OrderRefunded for each transaction.
  private async writeRefund(ctx: RequestContext, em: EntityManager, order: Order, before: OrderRefunds, plan: RefundPlan, note: string | null): Promise<RefundRecord> {
    const shopId = ctx.shop.id;
    const now = this.now();
    const restocked = plan.lines.filter((l) => l.restockType !== 'no_restock');
    const refund = em.create(Refund, { shopId, orderId: order.id, note, restock: restocked.length > 0, shipping: plan.shipping, processedAt: now });
    await em.flush();
    const lines = plan.lines.map((l) =>
      em.create(RefundLineItem, { shopId, refundId: refund.id, lineItemId: l.lineItemId, quantity: l.quantity, restockType: l.restockType as RefundLineItem['restockType'], subtotal: l.subtotal, totalTax: l.totalTax }),
    );
    const transactions = plan.transactions.map((t) =>
      em.create(OrderTransaction, {
        shopId,
        orderId: order.id,
        kind: 'refund',
        status: 'success',
        amount: t.amount,
        currency: order.currency,
        gateway: t.gateway,
        test: order.test,
        parentId: t.parentId,
        refundId: refund.id,
        processedAt: now,
      }),
    );
    await em.flush();
    const units = restocked.filter((l) => l.variantId !== null).map((l) => ({ variantId: l.variantId!, quantity: l.quantity }));
    await this.catalog.restock(inTransaction(ctx, em), units, toGlobalId('Order', order.id));
    for (const t of transactions) {
      this.events.publish(ctx, new OrderRefunded(order.id, refund.id, t.id, t.amount, t.currency, t.test, now.toISOString()));
    }
    const count = (items: readonly { quantity: number }[]) => items.reduce((n, l) => n + l.quantity, 0);
    order.fulfillmentStatus = fulfillmentStatusAfterRefund(order.fulfillmentStatus, {
      bought: count(before.state.lines),
      refunded: before.state.lines.reduce((n, l) => n + l.refundedQuantity, 0) + count(plan.lines),
      restocked: before.restocked + count(restocked),
    });
    const unitPrice = new Map(before.state.lines.map((l) => [l.id, l.price]));
    return {
      id: refund.id,
      orderId: order.id,
      note: refund.note ?? null,
      restock: refund.restock,
      shipping: plan.shipping,
      processedAt: refund.processedAt,
      createdAt: refund.createdAt,
      lineItems: lines.map((l) => ({
        id: l.id,
        refundId: refund.id,
        lineItemId: l.lineItemId,
        quantity: l.quantity,
        restockType: l.restockType,
        subtotal: l.subtotal,
        totalTax: l.totalTax,
        originalSubtotal: new Decimal(unitPrice.get(l.lineItemId)!).times(l.quantity).toFixed(2),
      })),
      transactions: transactions.map(transactionRecord),
    };
  }
}

// The order's row, locked until the transaction ends: every write of one order runs after the one before it.
function lockOrder(em: EntityManager, ctx: RequestContext, id: number): Promise<Order | null> {
  return em.findOne(Order, { id, shopId: ctx.shop.id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
}

/** An order as a refund sees it, and how many of its units earlier refunds put back in stock. */
interface OrderRefunds {
  state: RefundableOrder;
  restocked: number;
}

// What the order had and gave back, read under its lock: lines with their refunded units, shipping, payments.
async function refundableOrder(em: EntityManager, ctx: RequestContext, order: Order): Promise<OrderRefunds> {
  const shopId = ctx.shop.id;
  const [lines, transactions, refunds] = await Promise.all([
    em.find(OrderLineItem, { orderId: order.id, shopId }, { orderBy: { id: 'asc' } }),
    em.find(OrderTransaction, { orderId: order.id, shopId }, { orderBy: { id: 'asc' } }),
    em.find(Refund, { orderId: order.id, shopId }),
  ]);
  const refundLines = refunds.length === 0 ? [] : await em.find(RefundLineItem, { refundId: { $in: refunds.map((r) => r.id) }, shopId });
  const refundedQuantity = new Map<number, number>();
  let restocked = 0;
  for (const l of refundLines) {
    refundedQuantity.set(l.lineItemId, (refundedQuantity.get(l.lineItemId) ?? 0) + l.quantity);
    if (l.restockType !== 'no_restock') restocked += l.quantity;
  }
  // The order's tax is kept whole: each line's share is in proportion to what it sold for.
  const taxes = allocate(order.totalTax, lines.map((l) => new Decimal(l.price).times(l.quantity).minus(l.totalDiscount).toFixed(2)));
  const state: RefundableOrder = {
    currency: order.currency,
    lines: lines.map((l, i) => ({
      id: l.id,
      variantId: l.variantId ?? null,
      quantity: l.quantity,
      refundedQuantity: refundedQuantity.get(l.id) ?? 0,
      price: l.price,
      discount: l.totalDiscount,
      tax: taxes[i]!,
    })),
    shipping: order.totalShipping,
    shippingRefunded: refunds.reduce((sum, r) => sum.plus(r.shipping), new Decimal(0)).toFixed(2),
    refunds: refunds.length,
    transactions: transactions.map((t) => ({ id: t.id, kind: t.kind, status: t.status, amount: t.amount, parentId: t.parentId ?? null, gateway: t.gateway })),
  };
  return { state, restocked };
}

/** What the order gave back once `plan` is written too. */
function afterRefund(state: RefundableOrder, plan: RefundPlan): string {
  return new Decimal(refundedAmount(state)).plus(plan.total).toFixed(2);
}

// A cancelled order releases the payments only held: each successful authorization that no successful capture or
// void settled gets its void.
async function voidAuthorizations(em: EntityManager, ctx: RequestContext, order: Order, state: RefundableOrder, now: Date): Promise<void> {
  const settled = new Set(state.transactions.filter((t) => t.status === 'success' && (t.kind === 'capture' || t.kind === 'void')).map((t) => t.parentId));
  const held = state.transactions.filter((t) => t.kind === 'authorization' && t.status === 'success' && !settled.has(t.id));
  for (const authorization of held) {
    em.create(OrderTransaction, {
      shopId: ctx.shop.id,
      orderId: order.id,
      kind: 'void',
      status: 'success',
      amount: authorization.amount,
      currency: order.currency,
      gateway: authorization.gateway,
      test: order.test,
      parentId: authorization.id,
      processedAt: now,
    });
  }
}

function transactionRecord(t: OrderTransaction): OrderTransactionRecord {
  return {
    id: t.id,
    orderId: t.orderId,
    kind: t.kind,
    status: t.status,
    amount: t.amount,
    currency: t.currency,
    gateway: t.gateway,
    test: t.test,
    parentId: t.parentId ?? null,
    refundId: t.refundId ?? null,
    processedAt: t.processedAt,
    createdAt: t.createdAt,
    errorCode: t.errorCode ?? null,
    message: t.message ?? null,
  };
}
