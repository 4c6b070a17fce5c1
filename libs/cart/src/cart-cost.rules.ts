import { Decimal as MoneyDecimal } from '@platform/money';
import type { CartCost, CartLineRecord, DiscountRecord } from './cart.records.js';

// Sums of 250 lines of large prices exceed decimal.js' default 20 significant digits: a clone with room to spare.
const Decimal = MoneyDecimal.clone({ precision: 60 });

/** Turns an amount of the shop's currency into the cart's (the storefront's price conversion for its country). */
export type ToCartCurrency = (shopAmount: string) => string;

/** A line's total: unit price × quantity, exact. */
export function lineTotal(price: string, quantity: number): string {
  return new Decimal(price).times(quantity).toFixed(2);
}

/**
 * Whether a discount applies to a subtotal (cart currency) at `now`: started and not ended, uses left, a
 * subtotal above zero and at least the minimum (converted to the cart's currency).
 */
export function discountApplies(discount: DiscountRecord, subtotal: string, now: Date, toCart: ToCartCurrency): boolean {
  if (now < discount.startsAt || (discount.endsAt !== null && now >= discount.endsAt)) return false;
  if (discount.usageLimit !== null && discount.usageCount >= discount.usageLimit) return false;
  const amount = new Decimal(subtotal);
  if (amount.lte(0)) return false;
  return discount.minimumSubtotal === null || amount.gte(toCart(discount.minimumSubtotal));
}

/** What a discount takes off a subtotal: a percentage rounded half up to the cent, or a fixed amount, never more than the subtotal. */
export function discountAmount(discount: DiscountRecord, subtotal: string, toCart: ToCartCurrency): string {
  const amount = new Decimal(subtotal);
  const off = discount.valueType === 'percentage' ? amount.times(discount.value).dividedBy(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP) : new Decimal(toCart(discount.value));
  return Decimal.min(off, amount).toFixed(2);
}

/**
 * The cart's money: subtotal of its lines, the first of its codes that applies taken off (codes do not combine: the
 * others are not applicable), no tax (the platform has no tax engine yet), total = subtotal − discount.
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
    const applicable = applied === null && discount !== undefined && discountApplies(discount, subtotal.toFixed(2), now, toCart);
    if (applicable) applied = discount!;
    return { code, applicable };
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
