import { type Address, blankAddress, checkAddress } from '@platform/contact';
import { Decimal, parseMoney } from '@platform/money';
import type { NewOrder, NewOrderTransaction } from './order.inputs.js';
import { CANCEL_REASONS, FINANCIAL_STATUSES, FULFILLMENT_STATUSES, type OrderShippingLine } from './order.entity.js';
import { FULFILLMENT_STATES } from './order-fulfillment.entity.js';
import { TRANSACTION_KINDS, TRANSACTION_STATUSES, type TransactionKind, type TransactionStatus } from './order-transaction.entity.js';
import { RESTOCK_TYPES } from './refund-line-item.entity.js';
import { type OrderErrorCode, OrderErrors } from './orders.errors.js';

/** Σ price × quantity of the lines, as an exact two-place string. */
export function lineItemsSubtotal(lines: { price: string; quantity: number }[]): string {
  return lines.reduce((sum, l) => sum.plus(new Decimal(l.price).times(l.quantity)), new Decimal(0)).toFixed(2);
}

/** total = subtotal − discounts + shipping + tax, exact. */
export function orderTotal(parts: { subtotalPrice: string; totalDiscounts: string; totalShipping: string; totalTax: string }): string {
  return new Decimal(parts.subtotalPrice).minus(parts.totalDiscounts).plus(parts.totalShipping).plus(parts.totalTax).toFixed(2);
}

/** Transactions that move money to the shop (the ledger's charges) and back to the buyer (its refunds). */
export function isPayment(t: { kind: TransactionKind; status: TransactionStatus }): boolean {
  return t.status === 'success' && (t.kind === 'sale' || t.kind === 'capture');
}

export function isRefundPayment(t: { kind: TransactionKind; status: TransactionStatus }): boolean {
  return t.status === 'success' && t.kind === 'refund';
}

/** A transaction row before insert; `parent` and `refund` are indexes in the order's transactions and refunds. */
export interface TransactionRow {
  kind: TransactionKind;
  status: TransactionStatus;
  amount: string;
  currency: string;
  gateway: string;
  test: boolean;
  parent: number | null;
  refund: number | null;
  processedAt: Date;
  errorCode: string | null;
  message: string | null;
}

/** Validates a new order (statuses, money, totals that add up, refunds within what was paid) and turns it into rows. */
export function orderRows(input: NewOrder, field = 'order') {
  const invalid = (path: string, message: string, code: OrderErrorCode = 'INVALID') => OrderErrors[code](message, { field: `${field}.${path}` });
  const money = (value: string, path: string) => {
    const amount = parseMoney(value);
    if (amount === null) throw invalid(path, 'must be a non-negative amount with at most two decimals');
    return amount;
  };
  const oneOf = <T extends string>(values: readonly T[], value: T, path: string): T => {
    if (!values.includes(value)) throw invalid(path, `must be one of ${values.join(', ')}`);
    return value;
  };
  // The address every context takes (`checkAddress`): the order keeps a copy of every part, blank ones null.
  const address = (value: Partial<Address> | null | undefined, path: string): Address | null => {
    if (!value) return null;
    const { address: checked, problems: [problem] } = checkAddress(value);
    if (problem) throw invalid(`${path}.${problem.field}`, problem.message, problem.code === 'BLANK' ? 'BLANK' : 'INVALID');
    return { ...blankAddress(), ...checked };
  };

  if (!input.name.trim()) throw invalid('name', "can't be blank", 'BLANK');
  if (!Number.isSafeInteger(input.number) || input.number < 1) throw invalid('number', 'must be a positive integer');
  const financialStatus = oneOf(FINANCIAL_STATUSES, input.financialStatus ?? 'pending', 'financialStatus');
  const fulfillmentStatus = oneOf(FULFILLMENT_STATUSES, input.fulfillmentStatus ?? 'unfulfilled', 'fulfillmentStatus');
  const cancelReason = input.cancelReason ? oneOf(CANCEL_REASONS, input.cancelReason, 'cancelReason') : null;
  const currency = input.currency.toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency)) throw invalid('currency', 'must be an ISO 4217 code');
  // Amounts are kept in one currency: a buyer's other currency would need its own amounts (docs/decisions.md).
  const presentmentCurrency = (input.presentmentCurrency ?? currency).toUpperCase();
  if (presentmentCurrency !== currency) throw invalid('presentmentCurrency', 'must equal the currency');
  if (input.lineItems.length === 0) throw invalid('lineItems', 'must have at least one line item', 'BLANK');
  const test = input.test ?? false;

  const lineItems = input.lineItems.map((l, i) => {
    if (!l.title.trim()) throw invalid(`lineItems[${i}].title`, "can't be blank", 'BLANK');
    if (!Number.isSafeInteger(l.quantity) || l.quantity < 1) throw invalid(`lineItems[${i}].quantity`, 'must be a positive integer');
    if (l.grams !== undefined && (!Number.isSafeInteger(l.grams) || l.grams < 0)) throw invalid(`lineItems[${i}].grams`, 'must be a non-negative integer');
    return {
      productId: l.productId ?? null,
      variantId: l.variantId ?? null,
      title: l.title.trim(),
      variantTitle: l.variantTitle ?? null,
      quantity: l.quantity,
      price: money(l.price, `lineItems[${i}].price`),
      sku: l.sku?.trim() || null,
      vendor: l.vendor?.trim() || null,
      grams: l.grams ?? 0,
      requiresShipping: l.requiresShipping ?? true,
      taxable: l.taxable ?? true,
      giftCard: l.giftCard ?? false,
      totalDiscount: money(l.totalDiscount ?? '0', `lineItems[${i}].totalDiscount`),
      properties: (l.properties ?? []).map((p) => ({ name: p.name, value: p.value })),
    };
  });
  const shippingLines: OrderShippingLine[] = (input.shippingLines ?? []).map((s, i) => {
    if (!s.title?.trim()) throw invalid(`shippingLines[${i}].title`, "can't be blank", 'BLANK');
    return { title: s.title.trim(), code: s.code?.trim() || null, price: money(s.price, `shippingLines[${i}].price`) };
  });
  const subtotalPrice = money(input.subtotalPrice, 'subtotalPrice');
  const totalDiscounts = money(input.totalDiscounts ?? '0', 'totalDiscounts');
  const totalTax = money(input.totalTax, 'totalTax');
  const totalPrice = money(input.totalPrice, 'totalPrice');
  const totalShipping = lineItemsSubtotal(shippingLines.map((s) => ({ price: s.price, quantity: 1 })));
  if (subtotalPrice !== lineItemsSubtotal(lineItems)) throw invalid('subtotalPrice', 'must equal the sum of the line items', 'TOTALS_MISMATCH');
  if (new Decimal(totalDiscounts).greaterThan(subtotalPrice)) throw invalid('totalDiscounts', 'must not exceed the subtotal');
  if (totalPrice !== orderTotal({ subtotalPrice, totalDiscounts, totalShipping, totalTax })) {
    throw invalid('totalPrice', 'must equal subtotal minus discounts plus shipping plus tax', 'TOTALS_MISMATCH');
  }

  // Transactions as given, or those the financial status implies; then one `refund` transaction per refund.
  const transaction = (t: NewOrderTransaction, path: string, refund: number | null = null): TransactionRow => ({
    kind: oneOf(TRANSACTION_KINDS, t.kind, `${path}.kind`),
    status: oneOf(TRANSACTION_STATUSES, t.status ?? 'success', `${path}.status`),
    amount: money(t.amount, `${path}.amount`),
    currency,
    gateway: t.gateway?.trim() || 'manual',
    test,
    parent: t.parent ?? null,
    refund,
    processedAt: t.processedAt ?? input.processedAt,
    errorCode: t.errorCode ?? null,
    message: t.message ?? null,
  });
  const transactions = (input.transactions ?? impliedTransactions(financialStatus, totalPrice)).map((t, i) => {
    const row = transaction(t, `transactions[${i}]`);
    if (row.parent !== null && !(Number.isSafeInteger(row.parent) && row.parent >= 0 && row.parent < i)) {
      throw invalid(`transactions[${i}].parent`, 'must name an earlier transaction of the order');
    }
    return row;
  });

  // Takes `quantity` units of line `line` against `taken` (the units of each line refunded, or fulfilled, so far).
  const takeUnits = (taken: Map<number, number>, l: { line: number; quantity: number }, path: string, what: 'refunded' | 'fulfilled') => {
    const line = lineItems[l.line];
    if (!Number.isSafeInteger(l.line) || !line) throw invalid(`${path}.line`, 'must name a line item of the order');
    const before = taken.get(l.line) ?? 0;
    if (!Number.isSafeInteger(l.quantity) || l.quantity < 1 || before + l.quantity > line.quantity) {
      throw invalid(`${path}.quantity`, `must be between 1 and the quantity not yet ${what}`);
    }
    taken.set(l.line, before + l.quantity);
    return line;
  };

  const refunded = new Map<number, number>();
  let paid = transactions.filter(isPayment).reduce((sum, t) => sum.plus(t.amount), new Decimal(0));
  const sale = transactions.findIndex(isPayment);
  const refunds = (input.refunds ?? []).map((r, i) => {
    const path = `refunds[${i}]`;
    const lines = (r.lineItems ?? []).map((l, j) => {
      const line = takeUnits(refunded, l, `${path}.lineItems[${j}]`, 'refunded');
      const subtotal = new Decimal(line.price).times(l.quantity);
      return {
        line: l.line,
        quantity: l.quantity,
        restockType: oneOf(RESTOCK_TYPES, l.restockType ?? 'no_restock', `${path}.lineItems[${j}].restockType`),
        subtotal: subtotal.toFixed(2),
        totalTax: taxShare(totalTax, subtotalPrice, subtotal),
      };
    });
    // The lines' money, but never more than is left: rounded tax shares of every unit may add up to a cent more.
    const owed = lines.reduce((sum, l) => sum.plus(l.subtotal).plus(l.totalTax), new Decimal(0));
    const amount = r.amount === undefined ? Decimal.min(owed, paid).toFixed(2) : money(r.amount, `${path}.amount`);
    if (new Decimal(amount).greaterThan(paid)) throw invalid(`${path}.amount`, 'must not exceed what was paid and not yet refunded');
    paid = paid.minus(amount);
    if (new Decimal(amount).greaterThan(0)) {
      transactions.push({ ...transaction({ kind: 'refund', amount, gateway: r.gateway, parent: sale < 0 ? null : sale, processedAt: r.processedAt }, `${path}.amount`, i) });
    }
    return { refund: { note: r.note?.trim() || null, restock: r.restock ?? false, processedAt: r.processedAt }, lineItems: lines };
  });

  const fulfilled = new Map<number, number>();
  const fulfillmentInputs =
    input.fulfillments ?? (fulfillmentStatus === 'fulfilled' ? [{ createdAt: input.closedAt ?? input.processedAt, lineItems: lineItems.map((l, line) => ({ line, quantity: l.quantity })) }] : []);
  const fulfillments = fulfillmentInputs.map((f, i) => {
    const path = `fulfillments[${i}]`;
    if (f.lineItems.length === 0) throw invalid(`${path}.lineItems`, 'must have at least one line item', 'BLANK');
    return {
      fulfillment: {
        name: `${input.name.trim()}.${i + 1}`,
        status: oneOf(FULFILLMENT_STATES, f.status ?? 'success', `${path}.status`),
        trackingCompany: f.trackingCompany?.trim() || null,
        trackingNumber: f.trackingNumber?.trim() || null,
        trackingUrl: f.trackingUrl?.trim() || null,
        createdAt: f.createdAt ?? input.processedAt,
      },
      lineItems: f.lineItems.map((l, j) => {
        takeUnits(fulfilled, l, `${path}.lineItems[${j}]`, 'fulfilled');
        return { line: l.line, quantity: l.quantity };
      }),
    };
  });

  return {
    order: {
      customerId: input.customerId ?? null,
      name: input.name.trim(),
      number: input.number,
      email: input.email?.trim().toLowerCase() || null,
      financialStatus,
      fulfillmentStatus,
      currency,
      presentmentCurrency,
      subtotalPrice,
      totalDiscounts,
      totalShipping,
      totalTax,
      totalPrice,
      shippingLines,
      billingAddress: address(input.billingAddress, 'billingAddress'),
      shippingAddress: address(input.shippingAddress, 'shippingAddress'),
      note: input.note?.trim() || null,
      test,
      // An imported order was created when it was placed, not when it was imported.
      createdAt: input.processedAt,
      processedAt: input.processedAt,
      closedAt: input.closedAt ?? null,
      cancelledAt: input.cancelledAt ?? null,
      cancelReason,
    },
    lineItems,
    transactions,
    refunds,
    fulfillments,
  };
}

export type OrderRows = ReturnType<typeof orderRows>;

/** The payments a financial status stands for when an import gives none. */
function impliedTransactions(status: NewOrder['financialStatus'], total: string): NewOrderTransaction[] {
  switch (status) {
    case 'paid':
    case 'partially_refunded':
    case 'refunded':
      return [{ kind: 'sale', amount: total }];
    case 'partially_paid':
      // Half paid, rounded down to the cent: what is left stays due.
      return [{ kind: 'sale', amount: new Decimal(total).dividedBy(2).toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed(2) }];
    case 'authorized':
      return [{ kind: 'authorization', amount: total }];
    case 'voided':
      return [{ kind: 'authorization', amount: total }, { kind: 'void', amount: total, parent: 0 }];
    default:
      return [];
  }
}

/** The tax of `part` of the order's subtotal: its proportional share of the order's tax, rounded half up. */
export function taxShare(totalTax: string, subtotal: string, part: Decimal.Value): string {
  if (new Decimal(subtotal).isZero()) return '0.00';
  return new Decimal(totalTax).times(part).dividedBy(subtotal).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
}
