import { type Address, type AddressField, MAX_ADDRESS_FIELD_LENGTH, blankAddress, checkAddress, isEmail } from '@platform/contact';
import type { NewOrderLineItem } from '@platform/orders';
import type { CartCost, CartLineRecord } from './cart.records.js';

/** The checkout form as posted: contact, shipping address, the wallet token (checked by the handler's schema). */
export interface CheckoutForm {
  email: string;
  /** Checked and normalised as every address is (`checkAddress`): the order's shipping and billing address. */
  address: Address;
  /** As posted (any shape): the payment handler's schema decides what it may be. */
  walletToken: unknown;
  /** The total the buyer was shown, to refuse a payment of a cart that changed since. */
  expectedTotal: string | null;
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
  /** The product's featured image (absolute URL on the request's origin) with its alt text, if it has one. */
  image: { url: string; alt: string } | null;
}

// The form's address fields: the part of the address each holds, its name in the form, its label, and whether an
// order needs it to ship (as the hosted checkout asks). `country` takes a name or a two-letter code.
// Each field with the HTML autofill token browsers and password managers fill it from (`shipping` section).
const ADDRESS_FIELDS: [AddressField, string, string, boolean, string][] = [
  ['firstName', 'first_name', 'First name', false, 'shipping given-name'],
  ['lastName', 'last_name', 'Last name', true, 'shipping family-name'],
  ['address1', 'address1', 'Address', true, 'shipping address-line1'],
  ['address2', 'address2', 'Apartment, suite, etc.', false, 'shipping address-line2'],
  ['city', 'city', 'City', true, 'shipping address-level2'],
  ['province', 'province', 'Province or state', false, 'shipping address-level1'],
  ['zip', 'zip', 'Postal code', false, 'shipping postal-code'],
  ['country', 'country', 'Country', true, 'shipping country'],
  ['phone', 'phone', 'Phone', false, 'shipping tel'],
];
export const CHECKOUT_ADDRESS_FIELDS = ADDRESS_FIELDS.map(([key, name, label, required, autocomplete]) => ({ key, name, label, required, autocomplete, max: MAX_ADDRESS_FIELD_LENGTH }));
const LABELS = Object.fromEntries(ADDRESS_FIELDS.map(([key, , label]) => [key, label]));
// The form field an address problem is shown beside: each field's own, the codes beside their names.
const FORM_FIELD_OF: Readonly<Record<string, string>> = { ...Object.fromEntries(ADDRESS_FIELDS.map(([key, name]) => [key, name])), provinceCode: 'province', countryCode: 'country' };

const MONEY = /^\d{1,18}\.\d{2}$/;
const HEX_32 = /^[0-9a-f]{32}$/;

/** The cart a checkout URL names (`/cart/c/<token>?key=<key>`), or null when it cannot name one. */
export function checkoutLink(token: unknown, key: unknown): { token: string; key: string } | null {
  return typeof token === 'string' && typeof key === 'string' && HEX_32.test(token) && HEX_32.test(key) ? { token, key } : null;
}

/**
 * Reads the posted form; a field sent twice, not text, too long, with a NUL, blank when required or malformed is a
 * problem. `fieldProblems` names the form field of each (its first), so the page can show it beside the field.
 */
export function checkoutForm(body: unknown): { form: CheckoutForm; problems: string[]; fieldProblems: Record<string, string> } {
  const fields = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const problems: string[] = [];
  const fieldProblems: Record<string, string> = {};
  const problem = (name: string, message: string) => {
    problems.push(message);
    fieldProblems[name] ??= message;
  };
  // A field sent twice arrives as a list.
  const once = (name: string, label: string): string | null => {
    const value = fields[name] ?? '';
    if (typeof value === 'string') return value;
    problem(name, `${label} must be given once, as text`);
    return null;
  };
  const text = (name: string, label: string, required: boolean, max: number): string => {
    const value = once(name, label);
    if (value === null) return '';
    if (value.includes('\u0000')) problem(name, `${label} contains a character that is not allowed`);
    else if (value.trim().length > max) problem(name, `${label} is too long (maximum is ${max} characters)`);
    else if (required && !value.trim()) problem(name, `${label} can't be blank`);
    else return value.trim();
    return '';
  };
  const email = text('email', 'Email', true, 254);
  if (email && !isEmail(email)) problem('email', 'Email is invalid');
  // Each address field once, as text; what it may hold is every address's rule.
  const posted: Partial<Record<AddressField, string>> = {};
  for (const [key, name, label] of ADDRESS_FIELDS) {
    const value = once(name, label);
    if (value !== null) posted[key] = value;
  }
  const required = ADDRESS_FIELDS.filter(([key, , , needed]) => needed && key in posted).map(([key]) => key);
  const checked = checkAddress(posted, { required, labels: LABELS });
  for (const p of checked.problems) problem(FORM_FIELD_OF[p.field ?? ''] ?? 'address1', p.message);
  const expected = fields.expected_total;
  return {
    form: {
      email,
      address: { ...blankAddress(), ...checked.address },
      walletToken: fields.wallet_token,
      expectedTotal: typeof expected === 'string' && MONEY.test(expected) ? expected : null,
    },
    problems,
    fieldProblems,
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
