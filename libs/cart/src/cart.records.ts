import type { CartAttribute } from './cart.entity.js';
import type { CartError } from './cart.errors.js';
import type { DiscountValueType } from './discount-code.entity.js';

export type { CartAttribute } from './cart.entity.js';

/** A line as stored: the variant, how many, and the unit price the buyer was shown (cart currency). */
export interface CartLineRecord {
  id: number;
  variantId: number;
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
  /** Each code of the cart (as entered) and whether it applies. */
  codes: { code: string; applicable: boolean }[];
  /** The code that applies, as the shop spells it (null when none does). */
  appliedCode: string | null;
}

/** A cart and its cost: the public read a checkout uses. */
export interface CartSummary {
  cart: CartRecord;
  cost: CartCost;
  checkoutUrl: string;
}

/** What a cart mutation answers: the cart after the change, or the problems (nothing written). */
export interface CartResult {
  cart: CartRecord | null;
  problems: CartError[];
}
