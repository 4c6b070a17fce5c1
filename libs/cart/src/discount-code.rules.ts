import { Decimal, parseMoney } from '@platform/money';
import { CartErrors } from './cart.errors.js';
import type { NewDiscountCode } from './cart.inputs.js';
import type { DiscountRecord, DiscountRefusal } from './cart.records.js';
import { MAX_DISCOUNT_CODE_LENGTH } from './cart.rules.js';

/** Turns an amount of the shop's currency into the cart's (the storefront's price conversion for its country). */
export type ToCartCurrency = (shopAmount: string) => string;

/**
 * Why a discount does not apply to a subtotal (cart currency) at `now`, or null when it does: the shop has it
 * (`discount` undefined: it has not), it started and has not ended, it has uses left, and the subtotal is above
 * zero and at least its minimum (converted to the cart's currency).
 */
export function discountRefusal(discount: DiscountRecord | undefined, subtotal: string, now: Date, toCart: ToCartCurrency): Exclude<DiscountRefusal, 'NOT_HONOURED'> | null {
  if (!discount) return 'NOT_FOUND';
  if (now < discount.startsAt || (discount.endsAt !== null && now >= discount.endsAt)) return 'INACTIVE';
  if (discount.usageLimit !== null && discount.usageCount >= discount.usageLimit) return 'USAGE_LIMIT_REACHED';
  const amount = new Decimal(subtotal);
  if (amount.lte(0) || (discount.minimumSubtotal !== null && amount.lt(toCart(discount.minimumSubtotal)))) return 'NOT_IN_RANGE';
  return null;
}

/**
 * A discount code's row (starting `now` unless told), or the first problem with it thrown (a blank code, an amount that
 * is not exact money, a percentage over 100).
 */
export function checkNewDiscountCode(input: NewDiscountCode, now: Date, field: string) {
  const code = input.code.trim();
  if (!code || code.length > MAX_DISCOUNT_CODE_LENGTH) throw CartErrors.INVALID('Code must be 1 to 255 characters.', { field: `${field}.code` });
  const value = parseMoney(input.value);
  if (value === null || Number(value) <= 0 || (input.valueType === 'percentage' && Number(value) > 100)) {
    throw CartErrors.INVALID('Value must be a positive amount (a percentage at most 100).', { field: `${field}.value` });
  }
  const minimumSubtotal = input.minimumSubtotal == null ? null : parseMoney(input.minimumSubtotal);
  if (input.minimumSubtotal != null && minimumSubtotal === null) throw CartErrors.INVALID('Minimum subtotal must be an amount.', { field: `${field}.minimumSubtotal` });
  if (input.usageLimit != null && !(Number.isInteger(input.usageLimit) && input.usageLimit > 0)) throw CartErrors.INVALID('Usage limit must be a positive integer.', { field: `${field}.usageLimit` });
  return {
    code,
    valueType: input.valueType,
    value,
    minimumSubtotal,
    startsAt: input.startsAt ?? now,
    endsAt: input.endsAt ?? null,
    usageLimit: input.usageLimit ?? null,
  };
}
