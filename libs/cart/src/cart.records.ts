import type { CartAttribute } from './cart.entity.js';
import type { CartError } from './cart.errors.js';
import type { DiscountValueType } from './discount-code.entity.js';

export type { CartAttribute } from './cart.entity.js';

/** A line as stored: the variant, its attributes (sorted by key), how many, and the unit price the buyer was shown (cart currency). */
export interface CartLineRecord {
  id: number;
  variantId: number;
  attributes: CartAttribute[];
  quantity: number;
  price: string;
  compareAtPrice: string | null;
}

/** A discount code the cart names, as the shop defines it (amounts in the shop's currency). */
export interface DiscountRecord {
  code: string;
  valueType: DiscountValueType;
  value: string;
  minimumSubtotal: string | null;
  startsAt: Date;
  endsAt: Date | null;
  usageLimit: number | null;
  usageCount: number;
}

/** A cart with every line (at most 250) and the shop's discounts among its codes. */
export interface CartRecord {
  id: number;
  token: string;
  /** The secret key the caller proved (part of the cart's global id and checkout URL; only its hash is stored). */
  key: string;
  currency: string;
  countryCode: string;
  note: string | null;
  attributes: CartAttribute[];
  discountCodes: string[];
  email: string | null;
  phone: string | null;
  customerId: number | null;
  completedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  expiresAt: Date;
  lines: CartLineRecord[];
  discounts: DiscountRecord[];
}

/** Exact money of a cart in its currency: what the storefront shows and a checkout charges. */
export interface CartCost {
  subtotal: string;
  /** The discount the applicable code takes off the subtotal. */
  discount: string;
  tax: string;
  total: string;
  /** Each line's price × quantity, by line id. */
  lineTotals: ReadonlyMap<number, string>;
  /** Each code of the cart (as entered), whether it applies and why not. */
  codes: { code: string; applicable: boolean; refusal: DiscountRefusal | null }[];
  /** The code that applies, as the shop spells it (null when none does). */
  appliedCode: string | null;
}

/** A cart and its cost: the public read a checkout uses. */
export interface CartSummary {
  cart: CartRecord;
  cost: CartCost;
  checkoutUrl: string;
}

/**
 * Why a code of the cart does not apply: the shop has no such code, it has not started or has ended, its uses are
 * used up, the subtotal is below its minimum (or zero), or another code of the cart applies (codes do not combine).
 */
export type DiscountRefusal = 'NOT_FOUND' | 'INACTIVE' | 'USAGE_LIMIT_REACHED' | 'NOT_IN_RANGE' | 'NOT_HONOURED';

/** What a cart warning is about: the hosted CartWarningCode values this platform reports. */
export type CartWarningCode =
  | 'MERCHANDISE_NOT_ENOUGH_STOCK'
  | 'MERCHANDISE_OUT_OF_STOCK'
  | 'DISCOUNT_NOT_FOUND'
  | 'DISCOUNT_CURRENTLY_INACTIVE'
  | 'DISCOUNT_USAGE_LIMIT_REACHED'
  | 'DISCOUNT_PURCHASE_NOT_IN_RANGE'
  | 'DISCOUNT_CODE_NOT_HONOURED';

/** Something a successful mutation tells the buyer about the cart it left: about one line, or (lineId null) the cart. */
export interface CartWarning {
  code: CartWarningCode;
  message: string;
  lineId: number | null;
}

/** What a cart mutation answers: the cart after the change and its warnings, or the problems (nothing written). */
export interface CartResult {
  cart: CartRecord | null;
  problems: CartError[];
  warnings: CartWarning[];
}
