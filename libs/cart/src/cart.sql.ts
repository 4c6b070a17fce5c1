// The cart context's SQL, prepared, `$n` parameters. Reads: a cart with all its lines and the shop's discounts among
// its codes, in one statement. The buyer's writes: one statement each, outside any transaction, which locks the cart
// row, refuses a cart completed or expired meanwhile (no row: nothing written), pushes its expiry on and answers the
// cart as the write left it (no read back). The completion joins the checkout's transaction.

import { preparedSql } from '@platform/database';

/** A cart's columns as CartRecord names them, from the carts row `a`. */
const cartColumns = (a: string) => `${a}.id, ${a}.token, ${a}.currency, ${a}.country_code as "countryCode", ${a}.note, ${a}.attributes,
    ${a}.discount_codes as "discountCodes", ${a}.email, ${a}.phone, ${a}.customer_id as "customerId", ${a}.completed_at as "completedAt",
    ${a}.created_at as "createdAt", ${a}.updated_at as "updatedAt", ${a}.expires_at as "expiresAt"`;

const LINE_COLUMNS = 'id, variant_id, attributes, quantity, price, compare_at_price';

/** Lines (rows `l` of `from`) as a JSON array, oldest first. */
const linesJson = (from: string) => `coalesce((select json_agg(json_build_object('id', l.id, 'variantId', l.variant_id, 'attributes', l.attributes, 'quantity', l.quantity,
      'price', l.price::text, 'compareAtPrice', l.compare_at_price::text) order by l.id)
    from ${from}), '[]')`;

// Codes match whatever their case; amounts as text (exact).
const discountsOf = (a: string) => `coalesce((select json_agg(json_build_object('code', d.code, 'valueType', d.value_type, 'value', d.value::text,
      'minimumSubtotal', d.minimum_subtotal::text, 'startsAt', d.starts_at, 'endsAt', d.ends_at, 'usageLimit', d.usage_limit,
      'usageCount', d.usage_count))
    from discount_codes d where d.shop_id = ${a}.shop_id and lower(d.code) in (select lower(x) from unnest(${a}.discount_codes) x)), '[]')`;

/** $1 shop, $2 token, $3 SHA-256 of the key: the cart, unless expired (a completed cart is read, and refused by its state). */
export const CART_BY_TOKEN = preparedSql(`select ${cartColumns('c')}, ${linesJson('cart_lines l where l.shop_id = c.shop_id and l.cart_id = c.id')} as lines,
    ${discountsOf('c')} as discounts
  from carts c where c.shop_id = $1 and c.token = $2 and c.key_hash = $3 and c.expires_at > now()`);

// A line to write, from a JSON array: the variant, its attributes (sorted by key), the units, the price shown and
// the most units the line may hold (its variant's stock, or the maximum: lineCap).
const lineRows = (p: string) => `jsonb_to_recordset(${p}::jsonb) as n(variant_id bigint, attributes jsonb, quantity int, price numeric, compare_at_price numeric, cap int)`;
// The unique key of a line (migration 20261128000100): an ON CONFLICT target names it as the index does.
const LINE_KEY = '(cart_id, variant_id, md5(attributes::text))';

/**
 * The cart and its first lines; answers the cart. $1 shop, $2 token, $3 key hash, $4 currency, $5 country, $6 note,
 * $7 attributes, $8 codes, $9 email, $10 phone, $11 customer, $12 expiry days, $13 lines.
 */
export const INSERT_CART = preparedSql(`with c as (
    insert into carts (shop_id, token, key_hash, currency, country_code, note, attributes, discount_codes, email, phone, customer_id, expires_at)
    values ($1, $2, $3, $4, $5, $6, $7::jsonb, array(select jsonb_array_elements_text($8::jsonb)), $9, $10, $11, now() + make_interval(days => $12))
    returning *),
  added as (insert into cart_lines (shop_id, cart_id, variant_id, attributes, quantity, price, compare_at_price)
    select c.shop_id, c.id, n.variant_id, n.attributes, least(n.quantity, n.cap), n.price, n.compare_at_price from c, ${lineRows('$13')}
    returning ${LINE_COLUMNS})
  select ${cartColumns('c')}, ${linesJson('added l')} as lines, ${discountsOf('c')} as discounts from c`);

// The cart of a write, locked, and its one update (a row is updated once per statement): pushed expiry and `set`.
// Parameters of every write: $1 shop, $2 cart id, $3 expiry days, then from $4 those of `set` and of the
// statement's other parts (CartsStorefrontService.write passes them in that order).
const locked = (set = '') => `c as (select id, shop_id, updated_at from carts where shop_id = $1 and id = $2 and completed_at is null and expires_at > now() for update),
  touched as (update carts t set updated_at = now(), expires_at = now() + make_interval(days => $3)${set} from c where t.id = c.id returning t.*)`;

/**
 * What a write answers: the cart as `touched` left it (no row when nothing was written) and its lines. A statement
 * does not see its own writes, so the lines it wrote (`changed`: `kept` false for those it deleted) replace its
 * snapshot's. `current` is false when another write committed between that snapshot and the lock (the lock waited
 * for it): the snapshot may miss that write's lines, so the caller reads the cart back.
 */
const answer = (changed?: string) => {
  const lines = changed
    ? `(select ${LINE_COLUMNS} from cart_lines where shop_id = t.shop_id and cart_id = t.id and id not in (select id from ${changed})
        union all select ${LINE_COLUMNS} from ${changed} where kept) l`
    : 'cart_lines l where l.shop_id = t.shop_id and l.cart_id = t.id';
  return `select ${cartColumns('t')}, ${linesJson(lines)} as lines, ${discountsOf('t')} as discounts,
    (select s.updated_at from carts s where s.shop_id = t.shop_id and s.id = t.id) = c.updated_at as current
  from touched t, c`;
};
const WRITTEN = (kept: boolean) => `returning l.id, l.variant_id, l.attributes, l.quantity, l.price, l.compare_at_price, ${kept} as kept`;
const BUYER = ', email = $4, phone = $5, customer_id = $6, country_code = $7, currency = $8';

/**
 * Adds units of variants: a line of the cart with the same variant and attributes adds up, within its cap (the price
 * becomes the one shown now), others get a new line. The cap is the variant's (`n` has one per variant), read
 * again for a line that exists, as `excluded` has only the table's columns.
 */
export const ADD_LINES = preparedSql(`with ${locked()},
  n as (select * from ${lineRows('$4')}),
  added as (insert into cart_lines as l (shop_id, cart_id, variant_id, attributes, quantity, price, compare_at_price)
    select c.shop_id, c.id, n.variant_id, n.attributes, least(n.quantity, n.cap), n.price, n.compare_at_price from c, n
    on conflict ${LINE_KEY} do update set quantity = least(l.quantity + excluded.quantity, (select min(n.cap) from n where n.variant_id = excluded.variant_id)),
      price = excluded.price, compare_at_price = excluded.compare_at_price, updated_at = now()
    ${WRITTEN(true)})
  ${answer('added')}`);

// A change to a line, from a JSON array: a quantity of 0 removes it; a variant id moves it to that variant (at its
// price); attributes replace the line's.
const CHANGE_ROWS = `jsonb_to_recordset($4::jsonb) as u(id bigint, quantity int, variant_id bigint, attributes jsonb, price numeric, compare_at_price numeric)`;

// `written` reads `removed` first, so the deletes run before the updates: a line may take the variant and
// attributes of one removed in the same request without meeting the unique key (checkLineChanges allows it; the
// e2e test of that case holds this order).
export const CHANGE_LINES = preparedSql(`with ${locked()},
  u as (select * from ${CHANGE_ROWS}),
  removed as (delete from cart_lines l using c, u where l.cart_id = c.id and l.id = u.id and u.quantity = 0 ${WRITTEN(false)}),
  changed as (update cart_lines l set quantity = u.quantity, variant_id = coalesce(u.variant_id, l.variant_id), attributes = coalesce(u.attributes, l.attributes),
      price = case when u.variant_id is null then l.price else u.price end,
      compare_at_price = case when u.variant_id is null then l.compare_at_price else u.compare_at_price end, updated_at = now()
    from c, u where l.cart_id = c.id and l.id = u.id and u.quantity > 0 ${WRITTEN(true)}),
  written as (select * from removed union all select * from changed)
  ${answer('written')}`);

export const REMOVE_LINES = preparedSql(`with ${locked()},
  removed as (delete from cart_lines l using c where l.cart_id = c.id and l.id in (select jsonb_array_elements_text($4::jsonb)::bigint) ${WRITTEN(false)})
  ${answer('removed')}`);

export const UPDATE_NOTE = preparedSql(`with ${locked(', note = $4')} ${answer()}`);

export const UPDATE_ATTRIBUTES = preparedSql(`with ${locked(', attributes = $4::jsonb')} ${answer()}`);

export const UPDATE_DISCOUNT_CODES = preparedSql(`with ${locked(', discount_codes = array(select jsonb_array_elements_text($4::jsonb))')} ${answer()}`);

/** The buyer (email, phone, customer, country and currency) when the country keeps the currency. */
export const UPDATE_BUYER = preparedSql(`with ${locked(BUYER)} ${answer()}`);

/**
 * The buyer with another country: every line re-priced from (line id, price, compare-at) rows; a line not listed
 * (its variant no longer for sale on the storefront) is removed.
 */
export const UPDATE_BUYER_REPRICED = preparedSql(`with ${locked(BUYER)},
  p as (select * from jsonb_to_recordset($9::jsonb) as p(id bigint, price numeric, compare_at_price numeric)),
  removed as (delete from cart_lines l using c where l.cart_id = c.id and l.id not in (select id from p) ${WRITTEN(false)}),
  repriced as (update cart_lines l set price = p.price, compare_at_price = p.compare_at_price, updated_at = now()
    from c, p where l.cart_id = c.id and l.id = p.id ${WRITTEN(true)}),
  written as (select * from removed union all select * from repriced)
  ${answer('written')}`);

/** Marks a cart completed and counts one use of the code that applied; returns a row only for the call that completed it. */
export const COMPLETE_CART = preparedSql(`with done as (update carts set completed_at = now(), updated_at = now()
    where shop_id = $1 and id = $2 and completed_at is null returning id),
  used as (update discount_codes set usage_count = usage_count + 1, updated_at = now()
    where shop_id = $1 and lower(code) = lower($3) and exists (select 1 from done) returning 1)
  select id from done`);

/** Expired carts of a shop, a batch at a time (their lines go with them). */
export const DELETE_EXPIRED = preparedSql(`delete from carts where shop_id = $1 and id in (select id from carts where shop_id = $1 and expires_at <= now() limit $2)`);
