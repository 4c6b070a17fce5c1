import { Decimal as MoneyDecimal } from '@platform/money';
import type { CartCost, CartLineRecord, DiscountRecord, DiscountRefusal } from './cart.records.js';
import { type ToCartCurrency, discountRefusal } from './discount-code.rules.js';

// Sums of 250 lines of large prices exceed decimal.js' default 20 significant digits: a clone with room to spare.
const Decimal = MoneyDecimal.clone({ precision: 60 });

/** A line's total: unit price × quantity, exact. */
export function lineTotal(price: string, quantity: number): string {
  return new Decimal(price).times(quantity).toFixed(2);
}

/** What a discount takes off a subtotal: a percentage rounded half up to the cent, or a fixed amount, never more than the subtotal. */
export function discountAmount(discount: DiscountRecord, subtotal: string, toCart: ToCartCurrency): string {
  const amount = new Decimal(subtotal);
  const off = discount.valueType === 'percentage' ? amount.times(discount.value).dividedBy(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP) : new Decimal(toCart(discount.value));
  return Decimal.min(off, amount).toFixed(2);
}

/**
 * The cart's money: subtotal of its lines, the first of its codes that applies taken off (codes do not combine: the
 * others are not applicable, NOT_HONOURED when nothing else keeps them out), no tax (the platform has no tax engine
 * yet), total = subtotal − discount.
 */
export function cartCost(cart: { lines: readonly CartLineRecord[]; discountCodes: readonly string[]; discounts: readonly DiscountRecord[] }, now: Date, toCart: ToCartCurrency): CartCost {
  const lineTotals = new Map<number, string>();
  let subtotal = new Decimal(0);
  for (const line of cart.lines) {
    const total = lineTotal(line.price, line.quantity);
    lineTotals.set(line.id, total);
    subtotal = subtotal.plus(total);
  }
  const byCode = new Map(cart.discounts.map((d) => [d.code.toLowerCase(), d]));
  let applied: DiscountRecord | null = null;
  const codes = cart.discountCodes.map((code) => {
    const discount = byCode.get(code.toLowerCase());
    const refusal: DiscountRefusal | null = discountRefusal(discount, subtotal.toFixed(2), now, toCart) ?? (applied === null ? null : 'NOT_HONOURED');
    if (refusal === null) applied = discount!;
    return { code, applicable: refusal === null, refusal };
  });
  const discount = applied === null ? '0.00' : discountAmount(applied, subtotal.toFixed(2), toCart);
  return {
    subtotal: subtotal.toFixed(2),
    discount,
    tax: '0.00',
    total: subtotal.minus(discount).toFixed(2),
    lineTotals,
    codes,
    appliedCode: (applied as DiscountRecord | null)?.code ?? null,
  };
}

/** Units in the cart. */
export function totalQuantity(lines: readonly Pick<CartLineRecord, 'quantity'>[]): number {
  return lines.reduce((sum, l) => sum + l.quantity, 0);
}
