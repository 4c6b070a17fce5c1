import { Decimal, parseMoney } from '@platform/money';
import { type OrderError, OrderErrors } from './orders.errors.js';

// What an order can still give back, and whether a refund asked of it fits. Pure: the service reads the
// order (locked), asks these rules, and writes what they answer. Money is exact (Decimal, two places).

/** How a refunded line goes back to stock (the hosted RefundLineItemRestockType, lowercase). */
export const RESTOCK_TYPES = ['no_restock', 'cancel', 'return', 'legacy_restock'] as const;
export type RestockType = (typeof RESTOCK_TYPES)[number];

/** A line of the order as a refund sees it. */
export interface RefundableLine {
  id: number;
  variantId: number | null;
  /** Units bought. */
  quantity: number;
  /** Units earlier refunds took. */
  refundedQuantity: number;
  /** Unit price. */
  price: string;
  /** The line's discount for all its units. */
  discount: string;
  /** The line's tax for all its units. */
  tax: string;
}

/** A payment transaction of the order (sale, capture, authorization, refund, void), as stored. */
export interface PaymentTransaction {
  id: number;
  kind: string;
  status: string;
  amount: string;
  parentId: number | null;
  gateway: string;
}

/** An order as a refund sees it: its lines, its shipping and its payments. */
export interface RefundableOrder {
  currency: string;
  lines: RefundableLine[];
  /** Shipping charged, and what earlier refunds gave back of it. */
  shipping: string;
  shippingRefunded: string;
  transactions: PaymentTransaction[];
  /** Refunds the order holds already. */
  refunds: number;
}

export interface RefundLineRequest {
  lineItemId: number;
  quantity: number;
  restockType: RestockType;
}

export interface RefundTransactionRequest {
  amount: string;
  kind: string;
  /** The sale or capture it gives money back from; null lets the rules pick. */
  parentId: number | null;
  gateway?: string | null;
}

/** A refund asked of an order, its ids already read from the caller's global ids. */
export interface RefundRequest {
  lines: RefundLineRequest[];
  shipping?: { amount?: string | null; fullRefund?: boolean | null } | null;
  transactions: RefundTransactionRequest[];
  /** The currency the caller gives amounts in, when it says. */
  currency?: string | null;
}

/** A refunded line as it is written: units, restock and the money they stand for. */
export interface PlannedRefundLine {
  lineItemId: number;
  variantId: number | null;
  quantity: number;
  restockType: RestockType;
  /** Price × units less their discount share. */
  subtotal: string;
  totalTax: string;
}

/** A refund transaction as it is written: always against one sale or capture. */
export interface PlannedRefundTransaction {
  parentId: number;
  amount: string;
  gateway: string;
}

export interface RefundPlan {
  lines: PlannedRefundLine[];
  shipping: string;
  transactions: PlannedRefundTransaction[];
  /** Σ transactions: the money that goes back. */
  total: string;
}

const ZERO = new Decimal(0);
const PAYMENT_KINDS = new Set(['sale', 'capture']);
/** Most lines and transactions one refund may name. */
export const MAX_REFUND_ITEMS = 250;
/** Refunds one order holds: far above a real order's, and what `Order.refunds` may return whole. */
export const MAX_REFUNDS_PER_ORDER = 100;
/** Transactions one order holds (what `Order.transactions` may return whole). */
export const MAX_TRANSACTIONS_PER_ORDER = 250;
const MAX_GATEWAY_LENGTH = 255;

const money = (value: Decimal.Value) => new Decimal(value).toFixed(2);
const cents = (value: Decimal) => value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
const succeeded = (t: PaymentTransaction) => t.status === 'success';

/** Σ successful sales and captures: what the buyer paid. */
export function paidAmount(order: Pick<RefundableOrder, 'transactions'>): string {
  return money(sum(order.transactions.filter((t) => succeeded(t) && PAYMENT_KINDS.has(t.kind)).map((t) => t.amount)));
}

/** Σ successful refunds: what already went back. */
export function refundedAmount(order: Pick<RefundableOrder, 'transactions'>): string {
  return money(sum(order.transactions.filter((t) => succeeded(t) && t.kind === 'refund').map((t) => t.amount)));
}

/** Paid less refunded, never below zero: the most money any refund may still give back. */
export function refundableAmount(order: Pick<RefundableOrder, 'transactions'>): string {
  return money(Decimal.max(ZERO, new Decimal(paidAmount(order)).minus(refundedAmount(order))));
}

/** Units of each line no refund took yet. */
export function refundableQuantities(order: Pick<RefundableOrder, 'lines'>): Map<number, number> {
  return new Map(order.lines.map((l) => [l.id, Math.max(0, l.quantity - l.refundedQuantity)]));
}

/**
 * What each successful sale or capture can still give back (its amount less the refunds naming it), oldest first.
 * Refunds that name no parent (imported ones) come off the oldest payments, so the sum never exceeds
 * `refundableAmount`.
 */
export function refundableByPayment(order: Pick<RefundableOrder, 'transactions'>): { id: number; gateway: string; remaining: Decimal }[] {
  const payments = order.transactions
    .filter((t) => succeeded(t) && PAYMENT_KINDS.has(t.kind))
    .sort((a, b) => a.id - b.id)
    .map((t) => ({ id: t.id, gateway: t.gateway, remaining: new Decimal(t.amount) }));
  const byId = new Map(payments.map((p) => [p.id, p]));
  let orphaned = ZERO;
  for (const refund of order.transactions.filter((t) => succeeded(t) && t.kind === 'refund')) {
    const parent = refund.parentId === null ? undefined : byId.get(refund.parentId);
    if (parent) parent.remaining = parent.remaining.minus(refund.amount);
    else orphaned = orphaned.plus(refund.amount);
  }
  for (const payment of payments) {
    const taken = Decimal.min(orphaned, Decimal.max(ZERO, payment.remaining));
    payment.remaining = Decimal.max(ZERO, payment.remaining.minus(taken));
    orphaned = orphaned.minus(taken);
  }
  return payments;
}

/**
 * The money `units` more units of a line stand for after `before` were refunded. Each part is the rounded share
 * of all units up to the last minus the rounded share up to the first, so refunding a line in any pieces adds up
 * to exactly its subtotal and tax.
 */
export function lineRefundMoney(line: RefundableLine, before: number, units: number): { subtotal: string; totalTax: string } {
  const net = new Decimal(line.price).times(line.quantity).minus(line.discount);
  const share = (total: Decimal, count: number) => cents(total.times(count).dividedBy(line.quantity));
  const part = (total: Decimal) => money(share(total, before + units).minus(share(total, before)));
  return { subtotal: part(net), totalTax: part(new Decimal(line.tax)) };
}

/**
 * `total` spread over `weights` in proportion, in cents, the leftover cents to the largest remainders (ties to the
 * first): the parts always add up to `total` exactly. Spreads an order's tax or discount over its lines.
 */
export function allocate(total: string, weights: readonly string[]): string[] {
  const whole = new Decimal(total).times(100);
  const sumOfWeights = sum(weights);
  if (weights.length === 0) return [];
  if (sumOfWeights.isZero()) return weights.map((_, i) => money(i === 0 ? total : 0));
  const exact = weights.map((w) => whole.times(w).dividedBy(sumOfWeights));
  const floors = exact.map((e) => e.floor());
  let left = whole.minus(sum(floors)).toNumber();
  const order = exact.map((e, i) => ({ i, rest: e.minus(floors[i]!) })).sort((a, b) => b.rest.comparedTo(a.rest) || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    floors[i] = floors[i]!.plus(1);
    left -= 1;
  }
  return floors.map((f) => money(f.dividedBy(100)));
}

/**
 * What a refund of these lines and shipping would give back (the hosted `suggestedRefund`): their subtotals and
 * tax plus the shipping, at most what the order can still refund, taken from its payments oldest first.
 */
export function suggestedRefund(order: RefundableOrder, lines: readonly RefundLineRequest[], shipping: string): RefundPlan {
  const byId = new Map(order.lines.map((l) => [l.id, l]));
  const planned = lines.flatMap((request) => {
    const line = byId.get(request.lineItemId);
    return line ? [plannedLine(line, request)] : [];
  });
  const wanted = sum([...planned.flatMap((l) => [l.subtotal, l.totalTax]), shipping]);
  const amount = Decimal.min(wanted, refundableAmount(order));
  const transactions = amount.isZero() ? [] : takeFromPayments(refundableByPayment(order), amount, null) ?? [];
  return { lines: planned, shipping: money(shipping), transactions, total: money(sum(transactions.map((t) => t.amount))) };
}

/**
 * The refund a cancellation makes: every unit not yet refunded (restocked or not) and, when it refunds, the shipping
 * left and all the money the order can still give back, from its payments oldest first. Null when there is nothing
 * to give back.
 */
export function cancellationRefund(order: RefundableOrder, options: { refund: boolean; restock: boolean }): RefundPlan | null {
  const restockType: RestockType = options.restock ? 'cancel' : 'no_restock';
  const lines = order.lines.filter((l) => l.quantity > l.refundedQuantity).map((l) => plannedLine(l, { lineItemId: l.id, quantity: l.quantity - l.refundedQuantity, restockType }));
  const shipping = options.refund ? money(Decimal.max(ZERO, new Decimal(order.shipping).minus(order.shippingRefunded))) : '0.00';
  const amount = options.refund ? new Decimal(refundableAmount(order)) : ZERO;
  const transactions = amount.isZero() ? [] : (takeFromPayments(refundableByPayment(order), amount, null) ?? []);
  if (!options.refund && !options.restock) return null;
  if (lines.length === 0 && new Decimal(shipping).isZero() && transactions.length === 0) return null;
  return { lines, shipping, transactions, total: money(sum(transactions.map((t) => t.amount))) };
}

/**
 * Checks a refund against the order: every line named once and the order's, at most the units left, restock types
 * one may ask for, shipping at most what is left of it, transactions of kind refund in the order's currency, each
 * at most what its payment has left and all together at most what the order has left. Answers the plan to write,
 * or every problem (fields relative to the refund input) and no plan.
 */
export function checkRefund(order: RefundableOrder, request: RefundRequest): { plan: RefundPlan | null; problems: OrderError[] } {
  const problems: OrderError[] = [];
  if (order.refunds >= MAX_REFUNDS_PER_ORDER) {
    problems.push(OrderErrors.INVALID(`The order already has ${MAX_REFUNDS_PER_ORDER} refunds, the most it can hold`, { field: 'orderId' }));
    return { plan: null, problems };
  }
  const lines = checkLines(order, request.lines, problems);
  const shipping = checkShipping(order, request.shipping, problems);
  if (request.currency !== undefined && request.currency !== null && request.currency.toUpperCase() !== order.currency.toUpperCase()) {
    problems.push(OrderErrors.INVALID(`Currency must be the order's currency (${order.currency})`, { field: 'currency' }));
  }
  const transactions = checkTransactions(order, request.transactions, problems);
  if (order.transactions.length + transactions.length > MAX_TRANSACTIONS_PER_ORDER) {
    problems.push(OrderErrors.INVALID(`The order can hold at most ${MAX_TRANSACTIONS_PER_ORDER} transactions`, { field: 'transactions' }));
  }
  if (problems.length === 0 && lines.length === 0 && new Decimal(shipping).isZero() && transactions.length === 0) {
    problems.push(OrderErrors.BLANK('Refund must include line items, shipping or transactions'));
  }
  if (problems.length > 0) return { plan: null, problems };
  return { plan: { lines, shipping, transactions, total: money(sum(transactions.map((t) => t.amount))) }, problems };
}

function plannedLine(line: RefundableLine, request: RefundLineRequest): PlannedRefundLine {
  return {
    lineItemId: line.id,
    variantId: line.variantId,
    quantity: request.quantity,
    restockType: request.restockType,
    ...lineRefundMoney(line, line.refundedQuantity, request.quantity),
  };
}

function checkLines(order: RefundableOrder, requests: readonly RefundLineRequest[], problems: OrderError[]): PlannedRefundLine[] {
  if (requests.length > MAX_REFUND_ITEMS) {
    problems.push(OrderErrors.INVALID(`Refund line items can't be more than ${MAX_REFUND_ITEMS}`, { field: 'refundLineItems' }));
    return [];
  }
  const byId = new Map(order.lines.map((l) => [l.id, l]));
  const seen = new Set<number>();
  const planned: PlannedRefundLine[] = [];
  requests.forEach((request, i) => {
    const field = (name: string) => ({ field: `refundLineItems[${i}].${name}` });
    const line = byId.get(request.lineItemId);
    if (!line) {
      problems.push(OrderErrors.NOT_FOUND('Line item does not exist', field('lineItemId')));
      return;
    }
    if (seen.has(line.id)) {
      problems.push(OrderErrors.INVALID('Line item can only be refunded once in a refund', field('lineItemId')));
      return;
    }
    seen.add(line.id);
    if (!RESTOCK_TYPES.includes(request.restockType) || request.restockType === 'legacy_restock') {
      problems.push(OrderErrors.INVALID('Restock type must be NO_RESTOCK, CANCEL or RETURN', field('restockType')));
    }
    const left = line.quantity - line.refundedQuantity;
    if (!Number.isSafeInteger(request.quantity) || request.quantity < 1) {
      problems.push(OrderErrors.INVALID('Quantity must be greater than 0', field('quantity')));
    } else if (request.quantity > left) {
      problems.push(OrderErrors.EXCEEDS_REFUNDABLE(`Quantity cannot be more than the ${left} not yet refunded`, field('quantity')));
    } else {
      planned.push(plannedLine(line, request));
    }
  });
  return planned;
}

function checkShipping(order: RefundableOrder, shipping: RefundRequest['shipping'], problems: OrderError[]): string {
  const left = Decimal.max(ZERO, new Decimal(order.shipping).minus(order.shippingRefunded));
  if (!shipping) return '0.00';
  if (shipping.fullRefund) return money(left);
  if (shipping.amount === undefined || shipping.amount === null) return '0.00';
  const amount = parseMoney(shipping.amount);
  if (amount === null) {
    problems.push(OrderErrors.INVALID('Amount must be a non-negative amount with at most two decimals', { field: 'shipping.shippingRefundAmount.amount' }));
    return '0.00';
  }
  if (left.lessThan(amount)) {
    problems.push(OrderErrors.EXCEEDS_REFUNDABLE(`Amount cannot be more than the ${money(left)} of shipping not yet refunded`, { field: 'shipping.shippingRefundAmount.amount' }));
    return '0.00';
  }
  return amount;
}

function checkTransactions(order: RefundableOrder, requests: readonly RefundTransactionRequest[], problems: OrderError[]): PlannedRefundTransaction[] {
  if (requests.length > MAX_REFUND_ITEMS) {
    problems.push(OrderErrors.INVALID(`Transactions can't be more than ${MAX_REFUND_ITEMS}`, { field: 'transactions' }));
    return [];
  }
  const payments = refundableByPayment(order);
  const byId = new Map(payments.map((p) => [p.id, p]));
  const known = new Set(order.transactions.map((t) => t.id));
  const planned: PlannedRefundTransaction[] = [];
  let total = ZERO;
  let fits = true;
  requests.forEach((request, i) => {
    const field = (name: string) => ({ field: `transactions[${i}].${name}` });
    const amount = parseMoney(request.amount);
    const before = problems.length;
    if (request.kind !== 'refund') problems.push(OrderErrors.INVALID('Kind must be REFUND', field('kind')));
    if (amount === null) problems.push(OrderErrors.INVALID('Amount must be a non-negative amount with at most two decimals', field('amount')));
    else if (new Decimal(amount).isZero()) problems.push(OrderErrors.INVALID('Amount must be greater than 0', field('amount')));
    if (request.gateway && request.gateway.length > MAX_GATEWAY_LENGTH) {
      problems.push(OrderErrors.INVALID(`Gateway is too long (maximum is ${MAX_GATEWAY_LENGTH} characters)`, field('gateway')));
    }
    const parent = request.parentId === null ? null : byId.get(request.parentId);
    if (parent === undefined) {
      const message = known.has(request.parentId!) ? 'Parent transaction must be a successful sale or capture' : 'Parent transaction does not exist';
      problems.push((known.has(request.parentId!) ? OrderErrors.INVALID : OrderErrors.NOT_FOUND)(message, field('parentId')));
    }
    if (problems.length > before || amount === null || parent === undefined) return;
    total = total.plus(amount);
    // Payments give back in the order given; one that has less left than asked is the caller's to split.
    const taken = takeFromPayments(payments, new Decimal(amount), parent, request.gateway ?? null);
    if (taken === null) {
      fits = false;
      const left = parent ? money(parent.remaining) : refundableAmount(order);
      const message = parent ? `Amount cannot be more than the ${left} this transaction can still refund` : `Amount cannot be more than the ${left} the order can still refund`;
      problems.push(OrderErrors.EXCEEDS_REFUNDABLE(message, field('amount')));
      return;
    }
    planned.push(...taken);
  });
  if (fits && total.greaterThan(refundableAmount(order))) {
    problems.push(OrderErrors.EXCEEDS_REFUNDABLE(`Transactions cannot refund more than the ${refundableAmount(order)} the order can still refund`, { field: 'transactions' }));
  }
  return mergeByParent(planned);
}

/**
 * Takes `amount` off `parent` (or, with none, off the payments oldest first), lowering what they have left.
 * Null, taking nothing, when they do not have that much left.
 */
function takeFromPayments(
  payments: { id: number; gateway: string; remaining: Decimal }[],
  amount: Decimal,
  parent: { id: number; gateway: string; remaining: Decimal } | null,
  gateway: string | null = null,
): PlannedRefundTransaction[] | null {
  const from = parent ? [parent] : payments;
  if (sum(from.map((p) => Decimal.max(ZERO, p.remaining))).lessThan(amount)) return null;
  const taken: PlannedRefundTransaction[] = [];
  let left = amount;
  for (const payment of from) {
    if (left.isZero()) break;
    const part = Decimal.min(left, Decimal.max(ZERO, payment.remaining));
    if (part.isZero()) continue;
    payment.remaining = payment.remaining.minus(part);
    left = left.minus(part);
    taken.push({ parentId: payment.id, amount: money(part), gateway: gateway ?? payment.gateway });
  }
  return taken;
}

// Two requests against the same payment and gateway are one refund transaction of their sum.
function mergeByParent(planned: PlannedRefundTransaction[]): PlannedRefundTransaction[] {
  const merged = new Map<string, PlannedRefundTransaction>();
  for (const t of planned) {
    const key = `${t.parentId}:${t.gateway}`;
    const found = merged.get(key);
    merged.set(key, found ? { ...found, amount: money(new Decimal(found.amount).plus(t.amount)) } : t);
  }
  return [...merged.values()];
}

function sum(values: readonly Decimal.Value[]): Decimal {
  return values.reduce<Decimal>((total, v) => total.plus(v), ZERO);
}
