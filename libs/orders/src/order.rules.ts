import { Decimal, parseMoney } from '@platform/money';
import type { NewOrder } from './order.inputs.js';
import { FINANCIAL_STATUSES, FULFILLMENT_STATUSES } from './order.entity.js';
import { type OrderErrorCode, OrderErrors } from './orders.errors.js';

/** Σ price × quantity of the lines, as an exact two-place string. */
export function lineItemsSubtotal(lines: { price: string; quantity: number }[]): string {
  return lines.reduce((sum, l) => sum.plus(new Decimal(l.price).times(l.quantity)), new Decimal(0)).toFixed(2);
}

/** Validates a new order (statuses, money, totals that add up) and turns it into rows. */
export function orderRows(input: NewOrder, field = 'order') {
  const invalid = (path: string, message: string, code: OrderErrorCode = 'INVALID') => OrderErrors[code](message, { field: `${field}.${path}` });
  const money = (value: string, path: string) => {
    const amount = parseMoney(value);
    if (amount === null) throw invalid(path, 'must be a non-negative amount with at most two decimals');
    return amount;
  };

  if (!input.name.trim()) throw invalid('name', "can't be blank", 'BLANK');
  if (!Number.isSafeInteger(input.number) || input.number < 1) throw invalid('number', 'must be a positive integer');
  const financialStatus = input.financialStatus ?? 'pending';
  if (!FINANCIAL_STATUSES.includes(financialStatus)) throw invalid('financialStatus', `must be one of ${FINANCIAL_STATUSES.join(', ')}`);
  const fulfillmentStatus = input.fulfillmentStatus ?? 'unfulfilled';
  if (!FULFILLMENT_STATUSES.includes(fulfillmentStatus)) throw invalid('fulfillmentStatus', `must be one of ${FULFILLMENT_STATUSES.join(', ')}`);
  const currency = input.currency.toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency)) throw invalid('currency', 'must be an ISO 4217 code');
  if (input.lineItems.length === 0) throw invalid('lineItems', 'must have at least one line item', 'BLANK');

  const lineItems = input.lineItems.map((l, i) => {
    if (!l.title.trim()) throw invalid(`lineItems[${i}].title`, "can't be blank", 'BLANK');
    if (!Number.isSafeInteger(l.quantity) || l.quantity < 1) throw invalid(`lineItems[${i}].quantity`, 'must be a positive integer');
    return {
      productId: l.productId ?? null,
      variantId: l.variantId ?? null,
      title: l.title.trim(),
      variantTitle: l.variantTitle ?? null,
      quantity: l.quantity,
      price: money(l.price, `lineItems[${i}].price`),
    };
  });
  const subtotalPrice = money(input.subtotalPrice, 'subtotalPrice');
  const totalTax = money(input.totalTax, 'totalTax');
  const totalPrice = money(input.totalPrice, 'totalPrice');
  if (subtotalPrice !== lineItemsSubtotal(lineItems)) throw invalid('subtotalPrice', 'must equal the sum of the line items', 'TOTALS_MISMATCH');
  if (totalPrice !== new Decimal(subtotalPrice).plus(totalTax).toFixed(2)) throw invalid('totalPrice', 'must equal subtotal plus tax', 'TOTALS_MISMATCH');

  return {
    order: {
      customerId: input.customerId ?? null,
      name: input.name.trim(),
      number: input.number,
      email: input.email?.trim().toLowerCase() || null,
      financialStatus,
      fulfillmentStatus,
      currency,
      subtotalPrice,
      totalTax,
      totalPrice,
      processedAt: input.processedAt,
      closedAt: input.closedAt ?? null,
      cancelledAt: input.cancelledAt ?? null,
    },
    lineItems,
  };
}
