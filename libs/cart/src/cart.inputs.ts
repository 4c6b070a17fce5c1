import type { DiscountValueType } from './discount-code.entity.js';
import type { CartAttribute } from './cart.entity.js';

/** A variant to add: its global id, how many (1 when not given) and the line's attributes (none when not given). */
export interface CartLineInput {
  merchandiseId: string;
  quantity?: number | null;
  attributes?: CartAttribute[] | null;
}

/** A change to a line: a new quantity (0 removes it), another variant and/or attributes that replace its own. */
export interface CartLineUpdateInput {
  id: string;
  quantity?: number | null;
  merchandiseId?: string | null;
  attributes?: CartAttribute[] | null;
}

/** Who buys: contact details, the country (currency and prices) and the customer's login. */
export interface CartBuyerIdentityInput {
  email?: string | null;
  phone?: string | null;
  countryCode?: string | null;
  customerAccessToken?: string | null;
}

export interface CartInput {
  lines?: CartLineInput[] | null;
  discountCodes?: string[] | null;
  note?: string | null;
  attributes?: CartAttribute[] | null;
  buyerIdentity?: CartBuyerIdentityInput | null;
}

/** A discount code to create (seed, imports): amounts in the shop's currency. */
export interface NewDiscountCode {
  code: string;
  valueType: DiscountValueType;
  value: string;
  minimumSubtotal?: string | null;
  startsAt?: Date;
  endsAt?: Date | null;
  usageLimit?: number | null;
}
