import { createHash, randomBytes } from 'node:crypto';
import type pg from 'pg';

// Scenario 4 on the baseline: cartCreate and cartLinesAdd as a bare server writes them, the same rows as the platform
// (a cart with its first line in one statement; lines added under the cart's row lock in one statement that also
// pushes its expiry) and the same JSON for the bench's selection. No auth, throttle, validation or userErrors: the
// bench only sends variants for sale.

export const CART_SDL = `
  type Mutation {
    cartCreate(input: CartInput!): CartPayload
    cartLinesAdd(cartId: ID!, lines: [CartLineInput!]!): CartPayload
  }
  input CartInput { lines: [CartLineInput!] }
  input CartLineInput { merchandiseId: ID! quantity: Int }
  type CartPayload { cart: Cart userErrors: [CartUserError!]! }
  type CartUserError { code: String field: [String!] message: String! }
  type Cart { id: ID! checkoutUrl: String! totalQuantity: Int! cost: CartCost! lines(first: Int!): CartLineConnection! }
  type CartCost { subtotalAmount: MoneyV2! totalAmount: MoneyV2! }
  type CartLineConnection { nodes: [CartLine!]! }
  type CartLine { quantity: Int! merchandise: ProductVariant! cost: CartLineCost! }
  type CartLineCost { totalAmount: MoneyV2! }
`;

const EXPIRY = `now() + interval '10 days'`;
const LINE_ROWS = `jsonb_to_recordset($LINES::jsonb) as n(variant_id bigint, quantity int, price numeric, compare_at_price numeric)`;
const SQL = {
  variants: {
    name: 'b_cart_variants',
    text: `select v.id, v.price::text as price, v.compare_at_price::text as compare_at_price from product_variants v
      join products p on p.id = v.product_id
      where v.shop_id = $1 and v.id = any($2::bigint[]) and v.available_for_sale and p.status = 'active' and p.published_at <= now()`,
  },
  create: {
    name: 'b_cart_create',
    text: `with c as (insert into carts (shop_id, token, key_hash, currency, country_code, expires_at) values ($1, $2, $3, $4, $5, ${EXPIRY}) returning id, shop_id),
      l as (insert into cart_lines (shop_id, cart_id, variant_id, quantity, price, compare_at_price)
        select c.shop_id, c.id, n.variant_id, n.quantity, n.price, n.compare_at_price from c, ${LINE_ROWS.replace('$LINES', '$6')} returning 1)
      select id from c`,
  },
  add: {
    name: 'b_cart_lines_add',
    text: `with c as (select id, shop_id from carts where shop_id = $1 and token = $2 and key_hash = $3 and completed_at is null and expires_at > now() for update),
      touched as (update carts t set updated_at = now(), expires_at = ${EXPIRY} from c where t.id = c.id returning t.id),
      added as (insert into cart_lines (shop_id, cart_id, variant_id, quantity, price, compare_at_price)
        select c.shop_id, c.id, n.variant_id, n.quantity, n.price, n.compare_at_price from c, ${LINE_ROWS.replace('$LINES', '$4')}
        on conflict (cart_id, variant_id, md5(attributes::text)) do update set quantity = least(cart_lines.quantity + excluded.quantity, 1000000),
          price = excluded.price, compare_at_price = excluded.compare_at_price, updated_at = now()
        returning 1)
      select id from touched`,
  },
  read: {
    name: 'b_cart_read',
    text: `select c.currency,
      (select coalesce(sum(l.quantity), 0)::int from cart_lines l where l.cart_id = c.id) as total_quantity,
      (select coalesce(sum(l.price * l.quantity), 0)::numeric(20, 2)::text from cart_lines l where l.cart_id = c.id) as subtotal,
      coalesce((select json_agg(json_build_object('variantId', l.variant_id, 'quantity', l.quantity, 'total', (l.price * l.quantity)::numeric(20, 2)::text) order by l.id)
        from cart_lines l where l.cart_id = c.id), '[]') as lines
      from carts c where c.shop_id = $1 and c.id = $2`,
  },
};

interface Shop { id: string; currency: string }
interface LineInput { merchandiseId: string; quantity?: number }
interface CartRow { currency: string; total_quantity: number; subtotal: string; lines: { variantId: number; quantity: number; total: string }[] }

const gidId = (gid: string) => gid.slice(gid.lastIndexOf('/') + 1);
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** The mutations' resolvers, for the storefront schema's root value; `origin` comes from the request (context). */
export function cartRoot(pool: pg.Pool, shop: Shop) {
  const rows = async (lines: LineInput[]) => {
    const { rows: variants } = await pool.query<{ id: string; price: string; compare_at_price: string | null }>(SQL.variants, [shop.id, lines.map((l) => gidId(l.merchandiseId))]);
    const byId = new Map(variants.map((v) => [v.id, v]));
    return JSON.stringify(lines.map((l) => {
      const v = byId.get(gidId(l.merchandiseId))!;
      return { variant_id: v.id, quantity: l.quantity ?? 1, price: v.price, compare_at_price: v.compare_at_price };
    }));
  };
  const answer = async (id: string, token: string, key: string, origin: string) => {
    const { rows: [cart] } = await pool.query<CartRow>(SQL.read, [shop.id, id]);
    const money = (amount: string) => ({ amount, currencyCode: cart!.currency });
    return {
      cart: {
        id: `gid://platform/Cart/${token}?key=${key}`,
        checkoutUrl: `${origin}/cart/c/${token}?key=${key}`,
        totalQuantity: cart!.total_quantity,
        cost: { subtotalAmount: money(cart!.subtotal), totalAmount: money(cart!.subtotal) },
        lines: ({ first }: { first: number }) => ({
          nodes: cart!.lines.slice(0, first).map((l) => ({ quantity: l.quantity, merchandise: { id: `gid://platform/ProductVariant/${l.variantId}` }, cost: { totalAmount: money(l.total) } })),
        }),
      },
      userErrors: [],
    };
  };
  return {
    async cartCreate({ input }: { input: { lines?: LineInput[] } }, context: { origin: string }) {
      const token = randomBytes(16).toString('hex');
      const key = randomBytes(16).toString('hex');
      const lines = await rows(input.lines ?? []);
      const { rows: [cart] } = await pool.query<{ id: string }>(SQL.create, [shop.id, token, sha256(key), shop.currency, 'US', lines]);
      return answer(cart!.id, token, key, context.origin);
    },
    async cartLinesAdd({ cartId, lines }: { cartId: string; lines: LineInput[] }, context: { origin: string }) {
      const url = new URL(cartId);
      const token = url.pathname.slice(url.pathname.lastIndexOf('/') + 1);
      const key = url.searchParams.get('key') ?? '';
      const { rows: [cart] } = await pool.query<{ id: string }>(SQL.add, [shop.id, token, sha256(key), await rows(lines)]);
      return cart ? answer(cart.id, token, key, context.origin) : { cart: null, userErrors: [{ code: 'INVALID', field: ['cartId'], message: 'The specified cart does not exist.' }] };
    },
  };
}
