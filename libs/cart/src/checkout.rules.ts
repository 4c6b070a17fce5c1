import { isEmail } from '@platform/contact';
import type { NewOrderLineItem, OrderAddress } from '@platform/orders';
import type { CartCost, CartLineRecord } from './cart.records.js';

/** The checkout form as posted: contact, shipping address, the wallet token (checked by the handler's schema). */
export interface CheckoutForm {
  email: string;
  address: CheckoutAddress;
  /** As posted (any shape): the payment handler's schema decides what it may be. */
  walletToken: unknown;
  /** The total the buyer was shown, to refuse a payment of a cart that changed since. */
  expectedTotal: string | null;
}

export interface CheckoutAddress {
  firstName: string;
  lastName: string;
  address1: string;
  address2: string;
  city: string;
  province: string;
  zip: string;
  countryCode: string;
  phone: string;
}

/** A cart line as the checkout shows and orders it: the catalog's names beside the cart's price. */
export interface CheckoutLine {
  line: CartLineRecord;
  productId: number | null;
  title: string | null;
  variantTitle: string | null;
  sku: string | null;
  vendor: string | null;
  total: string;
}

// Form fields: name, label, required, most characters.
const ADDRESS_FIELDS: [keyof CheckoutAddress, string, string, boolean, number][] = [
  ['firstName', 'first_name', 'First name', false, 255],
  ['lastName', 'last_name', 'Last name', true, 255],
  ['address1', 'address1', 'Address', true, 255],
  ['address2', 'address2', 'Apartment, suite, etc.', false, 255],
  ['city', 'city', 'City', true, 255],
  ['province', 'province', 'Province or state', false, 255],
  ['zip', 'zip', 'Postal code', false, 32],
  ['countryCode', 'country', 'Country', true, 2],
  ['phone', 'phone', 'Phone', false, 32],
];
export const CHECKOUT_ADDRESS_FIELDS = ADDRESS_FIELDS.map(([key, name, label, required, max]) => ({ key, name, label, required, max }));

const COUNTRY = /^[A-Z]{2}$/;
const MONEY = /^\d{1,18}\.\d{2}$/;
const HEX_32 = /^[0-9a-f]{32}$/;

/** The cart a checkout URL names (`/cart/c/<token>?key=<key>`), or null when it cannot name one. */
export function checkoutLink(token: unknown, key: unknown): { token: string; key: string } | null {
  return typeof token === 'string' && typeof key === 'string' && HEX_32.test(token) && HEX_32.test(key) ? { token, key } : null;
}

/** Reads the posted form; a field sent twice, not text, too long, with a NUL, blank when required or malformed is a problem. */
export function checkoutForm(body: unknown): { form: CheckoutForm; problems: string[] } {
  const fields = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const problems: string[] = [];
  const text = (name: string, label: string, required: boolean, max: number): string => {
    const value = fields[name] ?? '';
    if (typeof value !== 'string') problems.push(`${label} must be given once, as text`);
    else if (value.includes('\u0000')) problems.push(`${label} contains a character that is not allowed`);
    else if (value.trim().length > max) problems.push(`${label} is too long (maximum is ${max} characters)`);
    else if (required && !value.trim()) problems.push(`${label} can't be blank`);
    else return value.trim();
    return '';
  };
  const email = text('email', 'Email', true, 254);
  if (email && !isEmail(email)) problems.push('Email is invalid');
  const address = {} as CheckoutAddress;
  for (const [key, name, label, required, max] of ADDRESS_FIELDS) address[key] = text(name, label, required, max);
  address.countryCode = address.countryCode.toUpperCase();
  if (address.countryCode && !COUNTRY.test(address.countryCode)) problems.push('Country must be a two-letter country code');
  const expected = fields.expected_total;
  return {
    form: { email, address, walletToken: fields.wallet_token, expectedTotal: typeof expected === 'string' && MONEY.test(expected) ? expected : null },
    problems,
  };
}

/** The order's copy of the shipping address. */
export function orderAddress(a: CheckoutAddress): OrderAddress {
  const orNull = (v: string) => v || null;
  return {
    firstName: orNull(a.firstName),
    lastName: orNull(a.lastName),
    company: null,
    address1: orNull(a.address1),
    address2: orNull(a.address2),
    city: orNull(a.city),
    province: orNull(a.province),
    provinceCode: null,
    country: null,
    countryCode: orNull(a.countryCode),
    zip: orNull(a.zip),
    phone: orNull(a.phone),
  };
}

/** The order's lines: what the cart charged (its unit prices, in its currency) with the catalog's names; a line's attributes become its properties. */
export function orderLineItems(lines: readonly CheckoutLine[]): NewOrderLineItem[] {
  return lines.map((l) => ({
    productId: l.productId,
    variantId: l.line.variantId,
    title: l.title ?? 'Item',
    variantTitle: l.variantTitle,
    quantity: l.line.quantity,
    price: l.line.price,
    sku: l.sku,
    vendor: l.vendor,
    properties: l.line.attributes.map((a) => ({ name: a.key, value: a.value })),
  }));
}

/** Whether the buyer was shown what the cart costs now (a page of another tab, or before a change, was not). */
export function totalStillShown(cost: CartCost, expectedTotal: string | null): boolean {
  return expectedTotal === cost.total;
}
