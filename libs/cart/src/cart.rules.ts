import { MAX_INPUT_ARRAY_SIZE } from '@platform/errors';
import { isEmail, normalizePhone } from '@platform/contact';
import { idOfType } from '@platform/ids';
import type { CartAttribute } from './cart.entity.js';
import { type CartError, CartErrors } from './cart.errors.js';
import type { CartLineInput, CartLineUpdateInput } from './cart.inputs.js';
import type { CartLineRecord } from './cart.records.js';

/** Lines a cart may hold (as many as one list argument may carry). */
export const MAX_CART_LINES = MAX_INPUT_ARRAY_SIZE;
/** Units of one variant in a cart: far above any real order, far below the integer column's limit. */
export const MAX_LINE_QUANTITY = 1_000_000;
export const MAX_NOTE_LENGTH = 5_000;
export const MAX_ATTRIBUTE_KEY_LENGTH = 255;
export const MAX_ATTRIBUTE_VALUE_LENGTH = 5_000;
// What a cart can hold in all stays a few hundred KB whatever a tokenless caller sends (the probe's 20 calls made
// a 25 MB cart): the characters of the cart's attributes, and of each line's, keys and values together.
export const MAX_CART_ATTRIBUTES_LENGTH = 10_000;
export const MAX_LINE_ATTRIBUTES_LENGTH = 1_000;
export const MAX_DISCOUNT_CODE_LENGTH = 255;
/** Codes a cart holds: what one list input may carry, as each update replaces them. */
export const MAX_DISCOUNT_CODES = MAX_INPUT_ARRAY_SIZE;

const SECRET = '[0-9a-f]{32}';
const CART_GID = new RegExp(`^gid://platform/Cart/(${SECRET})\\?key=(${SECRET})$`);
const LINE_GID = /^gid:\/\/platform\/CartLine\/(\d{1,15})\?cart=([0-9a-f]{32})$/;

/** What the catalog tells about a variant asked for (null: no published variant of this shop has the id). */
export interface MerchandiseFacts {
  id: number;
  price: string;
  compareAtPrice: string | null;
  availableForSale: boolean;
  inventoryQuantity: number;
}

/**
 * A variant with attributes going into the cart, with the units asked for (inputs naming one variant with equal
 * attributes are merged); `key` names the line it adds to (lineKey).
 */
export interface LineAddition {
  key: string;
  variantId: number;
  attributes: CartAttribute[];
  quantity: number;
  variant: MerchandiseFacts;
}

/**
 * A line changing: its new quantity (0: removed; cut to the variant's stock, then `capped`), the new variant when
 * it changes variant, the new attributes when they change, and the key of the line it becomes.
 */
export interface LineChange {
  lineId: number;
  quantity: number;
  variant: MerchandiseFacts | null;
  attributes: CartAttribute[] | null;
  key: string;
  capped: boolean;
}

/** The cart's global id: the hosted platform's shape, a token and the secret key that proves the caller holds the cart. */
export function cartGid(token: string, key: string): string {
  return `gid://platform/Cart/${token}?key=${key}`;
}

export function parseCartId(id: string): { token: string; key: string } | null {
  const match = CART_GID.exec(id);
  return match ? { token: match[1]!, key: match[2]! } : null;
}

/** A line's global id names its cart's token, so a line id is meaningless on another cart. */
export function cartLineGid(lineId: number, token: string): string {
  return `gid://platform/CartLine/${lineId}?cart=${token}`;
}

export function parseCartLineId(id: string, token: string): number | null {
  const match = LINE_GID.exec(id);
  return match && match[2] === token ? Number(match[1]) : null;
}

/** The variant ids a list of inputs names, for one read of them all. */
export function variantIdsOf(ids: readonly (string | null | undefined)[]): number[] {
  return [...new Set(ids.flatMap((id) => (id ? [idOfType(id, 'ProductVariant')] : [])).filter((id): id is number => id !== null))];
}

/**
 * What tells lines apart: the variant and the attributes (as stored, sorted by key). Lines merge only when their
 * keys are equal, as the hosted platform keeps a line of its own for a variant with other attributes.
 */
export function lineKey(variantId: number, attributes: readonly CartAttribute[]): string {
  return JSON.stringify([variantId, attributes.map((a) => [a.key, a.value])]);
}

/**
 * The most units a line of the variant may hold: its inventory when the catalog tracks it (for sale with units in
 * stock), else the maximum. A variant for sale with no units is not tracked (it sells on), so it is never capped.
 */
export function lineCap(variant: Pick<MerchandiseFacts, 'availableForSale' | 'inventoryQuantity'>): number {
  return variant.availableForSale && variant.inventoryQuantity > 0 ? Math.min(variant.inventoryQuantity, MAX_LINE_QUANTITY) : MAX_LINE_QUANTITY;
}

/** Checks the lines to add and merges those naming the same variant with equal attributes; problems name `<path>[i].<field>`. */
export function checkAdditions(lines: readonly CartLineInput[], path: string, found: (variantId: number) => MerchandiseFacts | null): { additions: LineAddition[]; problems: CartError[] } {
  const problems: CartError[] = [];
  const byKey = new Map<string, LineAddition>();
  lines.forEach((line, i) => {
    const at = `${path}[${i}]`;
    const quantity = line.quantity ?? 1;
    if (quantity < 1) return void problems.push(CartErrors.INVALID_QUANTITY('The quantity must be greater than 0.', { field: `${at}.quantity` }));
    if (quantity > MAX_LINE_QUANTITY) return void problems.push(quantityTooLarge(`${at}.quantity`));
    const variant = merchandise(line.merchandiseId, `${at}.merchandiseId`, found, problems);
    const attributes = checkLineAttributes(line.attributes ?? [], `${at}.attributes`);
    problems.push(...attributes.problems);
    if (!variant || attributes.problems.length > 0) return;
    const key = lineKey(variant.id, attributes.attributes);
    const merged = byKey.get(key);
    if (merged) merged.quantity += quantity;
    else byKey.set(key, { key, variantId: variant.id, attributes: attributes.attributes, quantity, variant });
  });
  return { additions: [...byKey.values()], problems };
}

/**
 * The lines a cart has after `additions`: units of a line already in the cart (same variant and attributes) add
 * up, other additions come after the lines as new ones. A line given more units than its variant's stock
 * (lineCap) holds the stock: its key is in `capped`. Refuses more than MAX_CART_LINES lines or units over the maximum.
 */
export function linesAfterAdding(
  existing: readonly Pick<CartLineRecord, 'variantId' | 'attributes' | 'quantity'>[],
  additions: readonly LineAddition[],
  field: string,
): { lines: { key: string; variantId: number; quantity: number }[]; capped: Set<string>; problems: CartError[] } {
  const lines = existing.map((l) => ({ key: lineKey(l.variantId, l.attributes), variantId: l.variantId, quantity: l.quantity }));
  const index = new Map(lines.map((l, i) => [l.key, i]));
  const capped = new Set<string>();
  const problems: CartError[] = [];
  for (const addition of additions) {
    let at = index.get(addition.key);
    if (at === undefined) {
      at = lines.push({ key: addition.key, variantId: addition.variantId, quantity: 0 }) - 1;
      index.set(addition.key, at);
    }
    const line = lines[at]!;
    line.quantity += addition.quantity;
    if (line.quantity > MAX_LINE_QUANTITY && problems.length === 0) problems.push(quantityTooLarge(field));
    if (line.quantity > lineCap(addition.variant)) {
      line.quantity = lineCap(addition.variant);
      capped.add(addition.key);
    }
  }
  if (lines.length > MAX_CART_LINES) problems.unshift(tooManyLines(field));
  return { lines, capped, problems };
}

/**
 * Checks changes to a cart's lines: each id one of its lines (once), quantities >= 0, new variants for sale, new
 * attributes valid, and no line becoming another's twin (same variant and attributes). A quantity above the
 * variant's stock is cut to it (`capped`).
 */
export function checkLineChanges(
  cart: { token: string; lines: readonly CartLineRecord[] },
  updates: readonly CartLineUpdateInput[],
  path: string,
  found: (variantId: number) => MerchandiseFacts | null,
): { changes: LineChange[]; problems: CartError[] } {
  const problems: CartError[] = [];
  const changes: LineChange[] = [];
  const lines = new Map(cart.lines.map((l) => [l.id, l]));
  const seen = new Set<number>();
  // The input position of each change, to name it in a problem.
  const indexOf: number[] = [];
  updates.forEach((update, i) => {
    const at = `${path}[${i}]`;
    const lineId = parseCartLineId(update.id, cart.token);
    const line = lineId === null ? undefined : lines.get(lineId);
    if (!line || lineId === null) return void problems.push(lineNotFound(update.id, `${at}.id`));
    if (seen.has(lineId)) return void problems.push(CartErrors.INVALID('The same line cannot be changed twice in one request.', { field: `${at}.id` }));
    seen.add(lineId);
    const quantity = update.quantity ?? line.quantity;
    if (quantity < 0) return void problems.push(CartErrors.INVALID_QUANTITY('The quantity must be 0 or more.', { field: `${at}.quantity` }));
    if (quantity > MAX_LINE_QUANTITY) return void problems.push(quantityTooLarge(`${at}.quantity`));
    let variant: MerchandiseFacts | null = null;
    if (update.merchandiseId && quantity > 0 && idOfType(update.merchandiseId, 'ProductVariant') !== line.variantId) {
      variant = merchandise(update.merchandiseId, `${at}.merchandiseId`, found, problems);
      if (!variant) return;
    }
    let attributes: CartAttribute[] | null = null;
    if (update.attributes && quantity > 0) {
      const checked = checkLineAttributes(update.attributes, `${at}.attributes`);
      if (checked.problems.length > 0) return void problems.push(...checked.problems);
      attributes = checked.attributes;
    }
    // A line whose variant the catalog no longer shows is not capped (the answer warns of it instead).
    const facts = variant ?? found(line.variantId);
    const cap = facts ? lineCap(facts) : MAX_LINE_QUANTITY;
    const key = lineKey(variant?.id ?? line.variantId, attributes ?? line.attributes);
    changes.push({ lineId, quantity: Math.min(quantity, cap), variant, attributes, key, capped: quantity > cap });
    indexOf.push(i);
  });
  if (problems.length === 0) {
    // Still one line per variant and attributes: a changed line may not take the key another kept line has before
    // or after the changes (the statement updates lines one by one, so even a swap would meet the unique index). A
    // line removed in the same request frees its key: the statement deletes before it updates.
    const before = new Map(cart.lines.map((l) => [l.id, lineKey(l.variantId, l.attributes)]));
    const after = new Map(before);
    const removed = new Set<number>();
    for (const c of changes) {
      if (c.quantity === 0) removed.add(c.lineId);
      else after.set(c.lineId, c.key);
    }
    changes.forEach((c, i) => {
      if (removed.has(c.lineId) || c.key === before.get(c.lineId)) return;
      const taken = cart.lines.some((l) => l.id !== c.lineId && !removed.has(l.id) && (before.get(l.id) === c.key || after.get(l.id) === c.key));
      if (taken) {
        const field = `${path}[${indexOf[i]}].${c.variant ? 'merchandiseId' : 'attributes'}`;
        problems.push(CartErrors.INVALID('The merchandise with these attributes is already in another line of the cart.', { field }));
      }
    });
  }
  return { changes, problems };
}

/** The ids of the cart's lines to remove; an id that is not one of its lines is a problem. */
export function checkLineRemovals(cart: { token: string; lines: readonly CartLineRecord[] }, lineIds: readonly string[], path: string): { lineIds: number[]; problems: CartError[] } {
  const own = new Set(cart.lines.map((l) => l.id));
  const problems: CartError[] = [];
  const ids = new Set<number>();
  lineIds.forEach((id, i) => {
    const lineId = parseCartLineId(id, cart.token);
    if (lineId === null || !own.has(lineId)) problems.push(lineNotFound(id, `${path}[${i}]`));
    else ids.add(lineId);
  });
  return { lineIds: [...ids], problems };
}

/** The note as stored (blank: none). */
export function checkNote(note: string | null | undefined, field: string): { note: string | null; problems: CartError[] } {
  if (note === null || note === undefined || note.trim() === '') return { note: null, problems: [] };
  if (note.length > MAX_NOTE_LENGTH) return { note: null, problems: [CartErrors.NOTE_TOO_LONG(`The note is too long (maximum is ${MAX_NOTE_LENGTH} characters).`, { field })] };
  return { note, problems: [] };
}

/** Attributes as stored: keys trimmed and non-blank, one value per key (the last given wins). */
export function checkAttributes(
  attributes: readonly CartAttribute[],
  path: string,
  maxLength = MAX_CART_ATTRIBUTES_LENGTH,
): { attributes: CartAttribute[]; problems: CartError[] } {
  const problems: CartError[] = [];
  const byKey = new Map<string, string>();
  attributes.forEach((attribute, i) => {
    const key = attribute.key.trim();
    if (!key) return void problems.push(CartErrors.INVALID("The attribute key can't be blank.", { field: `${path}[${i}].key` }));
    if (key.length > MAX_ATTRIBUTE_KEY_LENGTH) return void problems.push(CartErrors.INVALID(`The attribute key is too long (maximum is ${MAX_ATTRIBUTE_KEY_LENGTH} characters).`, { field: `${path}[${i}].key` }));
    if (attribute.value.length > MAX_ATTRIBUTE_VALUE_LENGTH) {
      return void problems.push(CartErrors.INVALID(`The attribute value is too long (maximum is ${MAX_ATTRIBUTE_VALUE_LENGTH} characters).`, { field: `${path}[${i}].value` }));
    }
    byKey.delete(key);
    byKey.set(key, attribute.value);
  });
  let length = 0;
  for (const [key, value] of byKey) length += key.length + value.length;
  if (problems.length === 0 && length > maxLength) {
    problems.push(CartErrors.INVALID(`The attributes are too long (maximum is ${maxLength} characters, keys and values together).`, { field: path }));
  }
  return { attributes: [...byKey].map(([key, value]) => ({ key, value })), problems };
}

/** A line's attributes as stored: checked as the cart's, sorted by key so that equal attributes are equal (lineKey). */
export function checkLineAttributes(attributes: readonly CartAttribute[], path: string): { attributes: CartAttribute[]; problems: CartError[] } {
  const checked = checkAttributes(attributes, path, MAX_LINE_ATTRIBUTES_LENGTH);
  return { attributes: checked.attributes.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)), problems: checked.problems };
}

/** Codes as stored: trimmed, blanks dropped, each once whatever its case (the first spelling kept). */
export function checkDiscountCodes(codes: readonly string[], path: string): { codes: string[]; problems: CartError[] } {
  const problems: CartError[] = [];
  const kept = new Map<string, string>();
  codes.forEach((raw, i) => {
    const code = raw.trim();
    if (!code) return;
    if (code.length > MAX_DISCOUNT_CODE_LENGTH) return void problems.push(CartErrors.INVALID(`The discount code is too long (maximum is ${MAX_DISCOUNT_CODE_LENGTH} characters).`, { field: `${path}[${i}]` }));
    if (!kept.has(code.toLowerCase())) kept.set(code.toLowerCase(), code);
  });
  return { codes: [...kept.values()], problems };
}

/** Email and phone of the buyer: an address and an E.164 number, or blank for none. */
export function checkContact(input: { email?: string | null; phone?: string | null }, path: string): { email: string | null | undefined; phone: string | null | undefined; problems: CartError[] } {
  const problems: CartError[] = [];
  const email = input.email === undefined ? undefined : input.email?.trim() || null;
  const given = input.phone === undefined ? undefined : input.phone?.trim() || null;
  const phone = given && normalizePhone(given);
  if (email && !isEmail(email)) problems.push(CartErrors.INVALID('Email is invalid.', { field: `${path}.email` }));
  if (given && !phone) problems.push(CartErrors.INVALID('Phone is invalid.', { field: `${path}.phone` }));
  return { email, phone: given === undefined ? undefined : phone || null, problems };
}

function merchandise(id: string, field: string, found: (variantId: number) => MerchandiseFacts | null, problems: CartError[]): MerchandiseFacts | null {
  const variantId = idOfType(id, 'ProductVariant');
  const variant = variantId === null ? null : found(variantId);
  if (!variant) {
    problems.push(CartErrors.MERCHANDISE_NOT_FOUND(`The merchandise with id ${id} does not exist.`, { field }));
    return null;
  }
  if (!variant.availableForSale) {
    problems.push(CartErrors.SOLD_OUT(`The merchandise with id ${id} is sold out.`, { field }));
    return null;
  }
  return variant;
}

function lineNotFound(id: string, field: string): CartError {
  return CartErrors.LINE_NOT_FOUND(`The merchandise line with id ${id} does not exist.`, { field });
}

function tooManyLines(field: string): CartError {
  return CartErrors.TOO_MANY_LINES(`A cart can have at most ${MAX_CART_LINES} lines.`, { field });
}

function quantityTooLarge(field: string): CartError {
  return CartErrors.QUANTITY_TOO_LARGE(`The quantity of a line can be at most ${MAX_LINE_QUANTITY}.`, { field });
}
