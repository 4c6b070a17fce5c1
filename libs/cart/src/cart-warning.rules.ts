import type { CartCost, CartLineRecord, CartWarning, CartWarningCode, DiscountRefusal } from './cart.records.js';
import { type MerchandiseFacts, lineKey } from './cart.rules.js';

// The hosted warning of each reason a code does not apply.
const DISCOUNT_WARNINGS: Record<DiscountRefusal, { code: CartWarningCode; message: (code: string) => string }> = {
  NOT_FOUND: { code: 'DISCOUNT_NOT_FOUND', message: (code) => `The discount code ${code} does not exist.` },
  INACTIVE: { code: 'DISCOUNT_CURRENTLY_INACTIVE', message: (code) => `The discount code ${code} is not active now.` },
  USAGE_LIMIT_REACHED: { code: 'DISCOUNT_USAGE_LIMIT_REACHED', message: (code) => `The discount code ${code} has reached its usage limit.` },
  NOT_IN_RANGE: { code: 'DISCOUNT_PURCHASE_NOT_IN_RANGE', message: (code) => `The cart's subtotal is not in the range of the discount code ${code}.` },
  NOT_HONOURED: { code: 'DISCOUNT_CODE_NOT_HONOURED', message: (code) => `The discount code ${code} cannot be combined with the code that applies.` },
};

/**
 * Warnings about the lines a mutation left, in line order: a line cut to its variant's stock (its key in
 * `capped`) and a line whose variant is no longer for sale (sold out, or no longer published: null in
 * `variants`). A line whose variant was not read (a line another request added meanwhile) gets none.
 */
export function lineWarnings(lines: readonly CartLineRecord[], variants: ReadonlyMap<number, MerchandiseFacts | null>, capped: ReadonlySet<string>): CartWarning[] {
  return lines.flatMap((line): CartWarning[] => {
    if (!variants.has(line.variantId)) return [];
    const variant = variants.get(line.variantId);
    if (!variant?.availableForSale) {
      const message = variant ? 'This item is out of stock.' : 'This item is no longer available.';
      return [{ code: 'MERCHANDISE_OUT_OF_STOCK', message, lineId: line.id }];
    }
    if (!capped.has(lineKey(line.variantId, line.attributes))) return [];
    const items = line.quantity === 1 ? '1 item was' : `${line.quantity} items were`;
    return [{ code: 'MERCHANDISE_NOT_ENOUGH_STOCK', message: `Only ${items} added to your cart due to availability.`, lineId: line.id }];
  });
}

/** A warning about the cart for each of its codes that does not apply, saying why; `applicable` stays false. */
export function discountWarnings(codes: CartCost['codes']): CartWarning[] {
  return codes.flatMap(({ code, refusal }) => {
    if (refusal === null) return [];
    const warning = DISCOUNT_WARNINGS[refusal];
    return [{ code: warning.code, message: warning.message(code), lineId: null }];
  });
}
