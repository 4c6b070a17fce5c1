import { userErrorsOf } from '@platform/errors';
import { moneyV2 } from '@platform/money';
import { lineTotal, totalQuantity } from '../../cart-cost.rules.js';
import type { CartErrorCode } from '../../cart.errors.js';
import type { CartCost, CartLineRecord, CartRecord, CartResult } from '../../cart.records.js';
import { cartGid, cartLineGid } from '../../cart.rules.js';
import type { CartPayloadValue } from './cart-mutations.type.js';
import type { CartDiscountCode, CartErrorCodeValue, StorefrontCart, StorefrontCartCost, StorefrontCartLine } from './cart.type.js';

// The cart context's codes as the hosted CartErrorCode values.
const CODES: Record<CartErrorCode, CartErrorCodeValue> = {
  CART_NOT_FOUND: 'INVALID',
  CART_COMPLETED: 'INVALID',
  MERCHANDISE_NOT_FOUND: 'INVALID',
  SOLD_OUT: 'INVALID',
  INVALID_QUANTITY: 'INVALID',
  QUANTITY_TOO_LARGE: 'MAXIMUM_EXCEEDED',
  LINE_NOT_FOUND: 'INVALID_MERCHANDISE_LINE',
  TOO_MANY_LINES: 'CART_TOO_LARGE',
  NOTE_TOO_LONG: 'NOTE_TOO_LONG',
  INVALID: 'INVALID',
  INVALID_CUSTOMER_ACCESS_TOKEN: 'INVALID',
};

export function cartView(record: CartRecord, checkoutUrl: string): StorefrontCart {
  return {
    id: cartGid(record.token, record.key),
    checkoutUrl,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    totalQuantity: totalQuantity(record.lines),
    note: record.note,
    attributes: record.attributes,
    buyerIdentity: { countryCode: record.countryCode, email: record.email, phone: record.phone, customerId: record.customerId },
    record,
  };
}

export function cartLineView(record: CartLineRecord, cart: CartRecord): StorefrontCartLine {
  const money = (amount: string) => moneyV2(amount, cart.currency);
  const total = money(lineTotal(record.price, record.quantity));
  return {
    id: cartLineGid(record.id, cart.token),
    quantity: record.quantity,
    cost: {
      amountPerQuantity: money(record.price),
      compareAtAmountPerQuantity: record.compareAtPrice === null ? null : money(record.compareAtPrice),
      subtotalAmount: total,
      totalAmount: total,
    },
    attributes: record.attributes,
    record,
  };
}

export function cartCostView(cost: CartCost, currency: string): StorefrontCartCost {
  const money = (amount: string) => moneyV2(amount, currency);
  return {
    subtotalAmount: money(cost.subtotal),
    subtotalAmountEstimated: false,
    totalAmount: money(cost.total),
    totalAmountEstimated: false,
    checkoutChargeAmount: money(cost.total),
    totalTaxAmount: money(cost.tax),
    totalTaxAmountEstimated: false,
    totalDutyAmount: null,
    totalDutyAmountEstimated: false,
  };
}

export function discountCodesView(cost: CartCost): CartDiscountCode[] {
  return cost.codes.map(({ code, applicable }) => ({ code, applicable }));
}

/**
 * A mutation's result as its payload; problems are reported under `under` (`input` for cartCreate). A warning
 * targets its line's global id, or the cart's.
 */
export function cartPayload(result: CartResult, checkoutUrl: (cart: CartRecord) => string, under?: string): CartPayloadValue {
  const cart = result.cart;
  return {
    cart: cart && cartView(cart, checkoutUrl(cart)),
    userErrors: userErrorsOf(result.problems, CODES, under),
    warnings: cart
      ? result.warnings.map((w) => ({ code: w.code, message: w.message, target: w.lineId === null ? cartGid(cart.token, cart.key) : cartLineGid(w.lineId, cart.token) }))
      : [],
  };
}
