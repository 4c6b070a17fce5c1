import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { hashToken } from '@platform/auth';
import { SqlPool, type SqlStatement } from '@platform/database';
import { CatalogStorefrontService } from '@platform/catalog';
import { CustomerAccountsService } from '@platform/customers';
import { type Presentment, PresentmentService } from '@platform/localization';
import type { RequestContext } from '@platform/request';
import { ThrottleService } from '@platform/throttling';
import type { CartAttribute } from './cart.entity.js';
import { type CartError, CartErrors, cartCompleted, cartNotFound } from './cart.errors.js';
import type { CartBuyerIdentityInput, CartInput, CartLineInput, CartLineUpdateInput } from './cart.inputs.js';
import { type CartRow, cartRecord } from './cart-row.js';
import type { CartRecord, CartResult, CartWarning } from './cart.records.js';
import { discountWarnings, lineWarnings } from './cart-warning.rules.js';
import {
  type LineAddition,
  type MerchandiseFacts,
  checkAdditions,
  checkAttributes,
  checkContact,
  checkDiscountCodes,
  checkLineChanges,
  checkLineRemovals,
  checkNote,
  lineCap,
  linesAfterAdding,
  variantIdsOf,
} from './cart.rules.js';
import {
  ADD_LINES,
  CHANGE_LINES,
  INSERT_CART,
  REMOVE_LINES,
  UPDATE_ATTRIBUTES,
  UPDATE_BUYER,
  UPDATE_BUYER_REPRICED,
  UPDATE_DISCOUNT_CODES,
  UPDATE_NOTE,
} from './cart.sql.js';
import { CartsService } from './carts.service.js';

/** Variants read by id: the catalog's facts, or null when no published variant of the shop has the id. */
type Variants = ReadonlyMap<number, MerchandiseFacts | null>;

/**
 * A write planned on a cart read just before: its statement, the parameters after (shop, cart, expiry days), and
 * what its warnings need: the variants it read (the cart's lines' among them; without, the write reads them beside
 * its statement), the keys of the lines it cuts to their stock, and whether it warns of codes that do not apply.
 */
type Planned = { sql: SqlStatement; params: unknown[]; variants?: Variants; capped?: ReadonlySet<string>; codes?: boolean } | CartError[];

const NONE: ReadonlySet<string> = new Set();

/**
 * The storefront's cart mutations. Each reads the cart, then the variants it names with those of its lines (one
 * statement), checks everything, then writes in one statement that locks the cart row and returns the cart it left:
 * three statements, whatever the number of lines. Problems come back as the result's problems and nothing is
 * written. Lines are priced as the storefront shows the variant to this buyer in the cart's country and hold at
 * most their variant's stock. Warnings tell what the buyer should know of the cart left: lines cut to their stock,
 * lines no longer for sale, and (cartCreate, cartDiscountCodesUpdate) codes that do not apply.
 */
@Injectable()
export class CartsStorefrontService {
  constructor(
    private readonly carts: CartsService,
    private readonly catalog: CatalogStorefrontService,
    private readonly presentment: PresentmentService,
    private readonly throttle: ThrottleService,
    private readonly accounts: CustomerAccountsService,
    private readonly sql: SqlPool,
  ) {}

  /** cartCreate: counts against the buyer's checkout creations per minute (THROTTLED beyond). */
  async create(ctx: RequestContext, input: CartInput): Promise<CartResult> {
    await this.throttle.checkoutCreation(ctx);
    const buyer = input.buyerIdentity ?? {};
    const contact = checkContact(buyer, 'buyerIdentity');
    const note = checkNote(input.note, 'note');
    const attributes = checkAttributes(input.attributes ?? [], 'attributes');
    const codes = checkDiscountCodes(input.discountCodes ?? [], 'discountCodes');
    const lines = input.lines ?? [];
    const [customer, found, requested] = await Promise.all([
      this.customer(ctx, buyer.customerAccessToken),
      this.variants(ctx, variantIdsOf(lines.map((l) => l.merchandiseId))),
      this.presentment.presentment(ctx),
    ]);
    const checked = checkAdditions(lines, 'lines', (id) => found.get(id) ?? null);
    const merged = linesAfterAdding([], checked.additions, 'lines');
    const problems = [...contact.problems, ...note.problems, ...attributes.problems, ...codes.problems, ...customer.problems, ...checked.problems, ...merged.problems];
    if (problems.length > 0) return { cart: null, problems, warnings: [] };

    const country = buyer.countryCode ?? requested.country;
    const shown = await this.presentment.forCountry(ctx, country);
    const token = randomBytes(16).toString('hex');
    const key = randomBytes(16).toString('hex');
    const [row] = await this.sql.rows<CartRow>(ctx, INSERT_CART, [
      ctx.shop.id,
      token,
      hashToken(key),
      shown.currencyCode,
      country,
      note.note,
      JSON.stringify(attributes.attributes),
      JSON.stringify(codes.codes),
      contact.email ?? customer.record?.email ?? null,
      contact.phone ?? null,
      customer.record?.id ?? null,
      this.carts.expiryDays,
      JSON.stringify(await lineRows(checked.additions, shown)),
    ]);
    const cart = cartRecord(row!, key);
    return { cart, problems: [], warnings: await this.warnings(ctx, cart, found, merged.capped, true) };
  }

  async addLines(ctx: RequestContext, cartId: string, lines: readonly CartLineInput[]): Promise<CartResult> {
    return this.write(ctx, cartId, async (cart) => {
      const [found, shown] = await Promise.all([this.variants(ctx, variantIdsOf(lines.map((l) => l.merchandiseId)), cart), this.presentment.forCountry(ctx, cart.countryCode)]);
      const checked = checkAdditions(lines, 'lines', (id) => found.get(id) ?? null);
      const merged = linesAfterAdding(cart.lines, checked.additions, 'lines');
      if (checked.problems.length + merged.problems.length > 0) return [...checked.problems, ...merged.problems];
      return { sql: ADD_LINES, params: [JSON.stringify(await lineRows(checked.additions, shown))], variants: found, capped: merged.capped };
    });
  }

  async updateLines(ctx: RequestContext, cartId: string, lines: readonly CartLineUpdateInput[]): Promise<CartResult> {
    return this.write(ctx, cartId, async (cart) => {
      const [found, shown] = await Promise.all([this.variants(ctx, variantIdsOf(lines.map((l) => l.merchandiseId)), cart), this.presentment.forCountry(ctx, cart.countryCode)]);
      const { changes, problems } = checkLineChanges(cart, lines, 'lines', (id) => found.get(id) ?? null);
      if (problems.length > 0) return problems;
      const rows = await Promise.all(
        changes.map(async (c) => ({ id: c.lineId, quantity: c.quantity, attributes: c.attributes, ...(c.variant ? await priceOf(shown, c.variant) : {}), variant_id: c.variant?.id ?? null })),
      );
      const capped = new Set(changes.filter((c) => c.capped).map((c) => c.key));
      return { sql: CHANGE_LINES, params: [JSON.stringify(rows)], variants: found, capped };
    });
  }

  async removeLines(ctx: RequestContext, cartId: string, lineIds: readonly string[]): Promise<CartResult> {
    return this.write(ctx, cartId, async (cart) => {
      const checked = checkLineRemovals(cart, lineIds, 'lineIds');
      return checked.problems.length > 0 ? checked.problems : { sql: REMOVE_LINES, params: [JSON.stringify(checked.lineIds.map(String))] };
    });
  }

  async updateNote(ctx: RequestContext, cartId: string, note: string | null | undefined): Promise<CartResult> {
    return this.write(ctx, cartId, async () => {
      const checked = checkNote(note, 'note');
      return checked.problems.length > 0 ? checked.problems : { sql: UPDATE_NOTE, params: [checked.note] };
    });
  }

  /** Replaces the cart's attributes. */
  async updateAttributes(ctx: RequestContext, cartId: string, attributes: readonly CartAttribute[]): Promise<CartResult> {
    return this.write(ctx, cartId, async () => {
      const checked = checkAttributes(attributes, 'attributes');
      return checked.problems.length > 0 ? checked.problems : { sql: UPDATE_ATTRIBUTES, params: [JSON.stringify(checked.attributes)] };
    });
  }

  /** Replaces the cart's codes; codes the shop does not have are kept and shown as not applicable. */
  async updateDiscountCodes(ctx: RequestContext, cartId: string, codes: readonly string[]): Promise<CartResult> {
    return this.write(ctx, cartId, async () => {
      const checked = checkDiscountCodes(codes, 'discountCodes');
      return checked.problems.length > 0 ? checked.problems : { sql: UPDATE_DISCOUNT_CODES, params: [JSON.stringify(checked.codes)], codes: true };
    });
  }

  /**
   * Changes who buys. A field left out keeps its value, null clears it. Another country moves the cart to that
   * country's currency and re-prices every line (a line whose variant is no longer for sale is dropped).
   */
  async updateBuyerIdentity(ctx: RequestContext, cartId: string, buyer: CartBuyerIdentityInput): Promise<CartResult> {
    return this.write(ctx, cartId, async (cart) => {
      const contact = checkContact(buyer, 'buyerIdentity');
      const customer = await this.customer(ctx, buyer.customerAccessToken);
      if (contact.problems.length + customer.problems.length > 0) return [...contact.problems, ...customer.problems];
      const country = buyer.countryCode ?? cart.countryCode;
      const shown = await this.presentment.forCountry(ctx, country);
      const customerId = buyer.customerAccessToken === undefined ? cart.customerId : (customer.record?.id ?? null);
      const email = contact.email !== undefined ? contact.email : cart.email ?? customer.record?.email ?? null;
      const phone = contact.phone !== undefined ? contact.phone : cart.phone;
      const params = [email, phone, customerId, country, shown.currencyCode];
      if (country === cart.countryCode) return { sql: UPDATE_BUYER, params };
      const found = await this.variants(ctx, cart.lines.map((l) => l.variantId));
      const prices = await Promise.all(cart.lines.flatMap((l) => {
        const variant = found.get(l.variantId);
        return variant ? [priceOf(shown, variant).then((p) => ({ id: l.id, ...p }))] : [];
      }));
      return { sql: UPDATE_BUYER_REPRICED, params: [...params, JSON.stringify(prices)], variants: found };
    });
  }

  // Reads the cart, plans the write, runs it; the answer is the cart the write returned. A cart completed or
  // expired between the read and the write is not written (the statement's lock finds no row) and answers as it
  // would have a moment later; so does one another write changed while this one waited for its lock. A plan that
  // read no variants has its lines' read beside the write, for the warnings (`merchandise` then finds them read).
  private async write(ctx: RequestContext, cartId: string, plan: (cart: CartRecord) => Promise<Planned>): Promise<CartResult> {
    const cart = await this.carts.cartById(ctx, cartId);
    if (!cart) return { cart: null, problems: [cartNotFound()], warnings: [] };
    if (cart.completedAt) return { cart: null, problems: [cartCompleted()], warnings: [] };
    const planned = await plan(cart);
    if (Array.isArray(planned)) return { cart: null, problems: planned, warnings: [] };
    const [[row], variants] = await Promise.all([
      this.sql.rows<CartRow & { current: boolean }>(ctx, planned.sql, [ctx.shop.id, cart.id, this.carts.expiryDays, ...planned.params]),
      planned.variants ?? this.variants(ctx, [], cart),
    ]);
    const after = row?.current ? cartRecord(row, cart.key) : await this.carts.cart(ctx, cart.token, cart.key);
    if (!row || !after) return { cart: null, problems: [after?.completedAt ? cartCompleted() : cartNotFound()], warnings: [] };
    return { cart: after, problems: [], warnings: await this.warnings(ctx, after, variants, planned.capped, planned.codes) };
  }

  // The published variants of this shop among `ids`, in one statement (the catalog's batched loader); an id no
  // such variant has maps to null. With a cart, its lines' variants are read in that statement too: the answer's
  // `merchandise` then finds them in the loader.
  private async variants(ctx: RequestContext, ids: readonly number[], cart?: CartRecord): Promise<Map<number, MerchandiseFacts | null>> {
    const all = [...new Set([...ids, ...(cart?.lines.map((l) => l.variantId) ?? [])])];
    const records = await Promise.all(all.map((id) => this.catalog.variant(ctx, id)));
    return new Map(all.map((id, i) => [id, records[i] ?? null]));
  }

  // What the buyer should know of the cart a mutation left; the codes' warnings need its cost.
  private async warnings(ctx: RequestContext, cart: CartRecord, variants: Variants, capped: ReadonlySet<string> = NONE, codes = false): Promise<CartWarning[]> {
    const lines = lineWarnings(cart.lines, variants, capped);
    if (!codes || cart.discountCodes.length === 0) return lines;
    return [...lines, ...discountWarnings((await this.carts.cost(ctx, cart)).codes)];
  }

  private async customer(ctx: RequestContext, token: string | null | undefined): Promise<{ record: { id: number; email: string | null } | null; problems: CartError[] }> {
    if (!token) return { record: null, problems: [] };
    const record = await this.accounts.customerByAccessToken(ctx, token);
    if (record) return { record, problems: [] };
    return { record: null, problems: [CartErrors.INVALID_CUSTOMER_ACCESS_TOKEN('The customer access token is invalid.', { field: 'buyerIdentity.customerAccessToken' })] };
  }
}

// A unit price as the storefront shows the variant to this buyer in the cart's country (B2B catalogs included).
async function priceOf(shown: Presentment, variant: MerchandiseFacts): Promise<{ price: string; compare_at_price: string | null }> {
  const [price, compareAt] = await Promise.all([shown.variantPrice(variant), shown.variantCompareAtPrice(variant)]);
  return { price: price.amount, compare_at_price: compareAt?.amount ?? null };
}

// The lines to add as LINE_ROWS reads them: the units asked for, the statement keeps each line within its cap.
function lineRows(additions: readonly LineAddition[], shown: Presentment) {
  return Promise.all(
    additions.map(async (a) => ({ variant_id: a.variantId, attributes: a.attributes, quantity: a.quantity, ...(await priceOf(shown, a.variant)), cap: lineCap(a.variant) })),
  );
}
