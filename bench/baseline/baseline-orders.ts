import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { restAddress } from './baseline-customers.js';

// The orders scenario on the baseline: the merchant's orders as a bare server answers them, with the same JSON as
// the platform (the bench compares before measuring): the REST list of open orders walked by Link, and the admin
// GraphQL `orders(first:)` with `lineItems(first:)` (its schema and resolver join the customers' admin schema). No
// auth, cost, throttle or validation.

const ORDER = `o.id, o.customer_id, o.name, o.number, o.email, o.financial_status, o.fulfillment_status, o.currency, o.presentment_currency,
  o.subtotal_price::text as subtotal_price, o.total_discounts::text as total_discounts, o.total_shipping::text as total_shipping,
  o.total_tax::text as total_tax, o.total_price::text as total_price, o.shipping_lines, o.billing_address, o.shipping_address, o.note,
  o.test, o.created_at, o.updated_at, o.processed_at, o.closed_at, o.cancelled_at, o.cancel_reason`;
const OPEN = 'o.closed_at is null and o.cancelled_at is null';
const LINE = `l.id, l.order_id, l.product_id, l.variant_id, l.title, l.variant_title, l.quantity, l.price::text as price, l.sku, l.vendor,
  l.grams, l.requires_shipping, l.taxable, l.gift_card, l.total_discount::text as total_discount, l.properties,
  (select coalesce(sum(fl.quantity), 0)::int from order_fulfillment_line_items fl join order_fulfillments f on f.id = fl.fulfillment_id
    where fl.line_item_id = l.id and f.status = 'success') as fulfilled,
  (select coalesce(sum(rl.quantity), 0)::int from refund_line_items rl where rl.line_item_id = l.id) as refunded`;
const CUSTOMER = `id, created_at, updated_at, first_name, last_name, email, phone, state, note, verified_email, multipass_identifier,
  tax_exempt, tax_exemptions, tags, currency, email_marketing_consent, sms_marketing_consent`;
const ADDRESS = 'id, customer_id, first_name, last_name, company, address1, address2, city, province, province_code, country, country_code, zip, phone, is_default';

const SQL = {
  openFirst: { name: 'b_orders_open_first', text: `select ${ORDER} from orders o where o.shop_id = $1 and ${OPEN} order by o.id limit $2` },
  openAfter: { name: 'b_orders_open_after', text: `select ${ORDER} from orders o where o.shop_id = $1 and ${OPEN} and o.id > $3 order by o.id limit $2` },
  byProcessedAt: { name: 'b_orders_processed', text: `select ${ORDER} from orders o where o.shop_id = $1 order by o.processed_at, o.id limit $2` },
  lines: { name: 'b_order_lines', text: `select ${LINE} from order_line_items l where l.shop_id = $1 and l.order_id = any($2::bigint[]) order by l.order_id, l.id` },
  linePages: {
    name: 'b_order_line_pages',
    text: `select * from (select ${LINE}, row_number() over (partition by l.order_id order by l.id) as rn
      from order_line_items l where l.shop_id = $1 and l.order_id = any($2::bigint[])) x where x.rn <= $3 order by x.order_id, x.rn`,
  },
  refunds: {
    name: 'b_order_refunds',
    text: `select r.id, r.order_id, r.note, r.restock, r.processed_at, r.created_at,
      coalesce((select json_agg(json_build_object('id', rl.id, 'line_item_id', rl.line_item_id, 'quantity', rl.quantity, 'restock_type', rl.restock_type,
        'subtotal', rl.subtotal::text, 'total_tax', rl.total_tax::text) order by rl.id) from refund_line_items rl where rl.refund_id = r.id), '[]') as lines,
      coalesce((select json_agg(json_build_object('id', t.id, 'amount', t.amount::text, 'created_at', t.created_at, 'currency', t.currency,
        'error_code', t.error_code, 'gateway', t.gateway, 'kind', t.kind, 'message', t.message, 'order_id', t.order_id, 'parent_id', t.parent_id,
        'processed_at', t.processed_at, 'status', t.status, 'test', t.test) order by t.id) from order_transactions t where t.refund_id = r.id), '[]') as transactions
      from refunds r where r.shop_id = $1 and r.order_id = any($2::bigint[]) order by r.order_id, r.id`,
  },
  fulfillments: {
    name: 'b_order_fulfillments',
    text: `select f.id, f.order_id, f.status, f.name, f.tracking_company, f.tracking_number, f.tracking_url, f.created_at, f.updated_at,
      coalesce((select json_agg(json_build_object('line_item_id', fl.line_item_id, 'quantity', fl.quantity) order by fl.id)
        from order_fulfillment_line_items fl where fl.fulfillment_id = f.id), '[]') as lines
      from order_fulfillments f where f.shop_id = $1 and f.order_id = any($2::bigint[]) order by f.order_id, f.id`,
  },
  customers: { name: 'b_order_customers', text: `select ${CUSTOMER} from customers where shop_id = $1 and id = any($2::bigint[])` },
  defaultAddresses: { name: 'b_order_default_addresses', text: `select ${ADDRESS} from customer_addresses where shop_id = $1 and customer_id = any($2::bigint[]) and is_default` },
};

/* eslint-disable @typescript-eslint/no-explicit-any -- rows as pg returns them, shaped right here */
type Row = Record<string, any>;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

function groupBy(rows: Row[], key = 'order_id'): Map<string, Row[]> {
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const id = String(row[key]);
    const list = groups.get(id);
    if (list) list.push(row);
    else groups.set(id, [row]);
  }
  return groups;
}

function restLine(l: Row, money: (amount: string) => unknown) {
  const current = l.quantity - l.refunded;
  return {
    id: Number(l.id), admin_graphql_api_id: `gid://platform/LineItem/${l.id}`, current_quantity: current,
    fulfillable_quantity: Math.max(0, current - l.fulfilled),
    fulfillment_status: l.fulfilled === 0 ? null : l.fulfilled >= l.quantity ? 'fulfilled' : 'partial',
    gift_card: l.gift_card, grams: l.grams, name: l.variant_title ? `${l.title} - ${l.variant_title}` : l.title, price: l.price,
    price_set: money(l.price), product_exists: l.product_id !== null, product_id: l.product_id === null ? null : Number(l.product_id), properties: l.properties,
    quantity: l.quantity, requires_shipping: l.requires_shipping, sku: l.sku, taxable: l.taxable, title: l.title,
    total_discount: l.total_discount, total_discount_set: money(l.total_discount), variant_id: l.variant_id === null ? null : Number(l.variant_id),
    variant_title: l.variant_title, vendor: l.vendor,
  };
}

function restOrderAddress(a: Row | null) {
  if (!a) return null;
  return {
    first_name: a.firstName, address1: a.address1, phone: a.phone, city: a.city, zip: a.zip, province: a.province, country: a.country,
    last_name: a.lastName, address2: a.address2, company: a.company, name: [a.firstName, a.lastName].filter(Boolean).join(' '),
    country_code: a.countryCode, province_code: a.provinceCode,
  };
}

function restCustomer(c: Row, address: Row | undefined) {
  const email = c.email_marketing_consent;
  const sms = c.sms_marketing_consent;
  return {
    id: Number(c.id), email: c.email, created_at: iso(c.created_at), updated_at: iso(c.updated_at), first_name: c.first_name,
    last_name: c.last_name, state: c.state, note: c.note, verified_email: c.verified_email, multipass_identifier: c.multipass_identifier,
    tax_exempt: c.tax_exempt, phone: c.phone,
    email_marketing_consent: { state: email.state, opt_in_level: email.optInLevel, consent_updated_at: email.consentUpdatedAt },
    sms_marketing_consent: sms
      ? { state: sms.state, opt_in_level: sms.optInLevel, consent_updated_at: sms.consentUpdatedAt, consent_collected_from: sms.consentCollectedFrom ?? null }
      : null,
    tags: c.tags.join(', '), currency: c.currency, tax_exemptions: c.tax_exemptions, admin_graphql_api_id: `gid://platform/Customer/${c.id}`,
    default_address: address ? restAddress(address as never) : null,
  };
}

function restOrder(o: Row, lines: Row[], refunds: Row[], fulfillments: Row[], customer: unknown) {
  const money = (amount: string) => ({ shop_money: { amount, currency_code: o.currency }, presentment_money: { amount, currency_code: o.presentment_currency } });
  const byId = new Map(lines.map((l) => [String(l.id), l]));
  const transaction = (t: Row) => ({
    id: Number(t.id), admin_graphql_api_id: `gid://platform/OrderTransaction/${t.id}`, amount: t.amount, created_at: iso(t.created_at),
    currency: t.currency, error_code: t.error_code, gateway: t.gateway, kind: t.kind, message: t.message, order_id: Number(t.order_id),
    parent_id: t.parent_id === null ? null : Number(t.parent_id), processed_at: iso(t.processed_at), status: t.status, test: t.test,
  });
  return {
    id: Number(o.id), admin_graphql_api_id: `gid://platform/Order/${o.id}`, cancel_reason: o.cancel_reason, cancelled_at: iso(o.cancelled_at),
    closed_at: iso(o.closed_at), created_at: iso(o.created_at), currency: o.currency, email: o.email, financial_status: o.financial_status,
    fulfillment_status: o.fulfillment_status === 'unfulfilled' ? null : o.fulfillment_status, name: o.name, note: o.note, order_number: o.number,
    presentment_currency: o.presentment_currency, processed_at: iso(o.processed_at), subtotal_price: o.subtotal_price,
    subtotal_price_set: money(o.subtotal_price), test: o.test, total_discounts: o.total_discounts, total_discounts_set: money(o.total_discounts),
    total_line_items_price: o.subtotal_price, total_line_items_price_set: money(o.subtotal_price), total_price: o.total_price,
    total_price_set: money(o.total_price), total_shipping_price_set: money(o.total_shipping), total_tax: o.total_tax,
    total_tax_set: money(o.total_tax), updated_at: iso(o.updated_at), billing_address: restOrderAddress(o.billing_address), customer,
    fulfillments: fulfillments.map((f) => ({
      id: Number(f.id), admin_graphql_api_id: `gid://platform/Fulfillment/${f.id}`, created_at: iso(f.created_at), name: f.name,
      order_id: Number(f.order_id), status: f.status, tracking_company: f.tracking_company, tracking_number: f.tracking_number,
      tracking_numbers: f.tracking_number ? [f.tracking_number] : [], tracking_url: f.tracking_url, tracking_urls: f.tracking_url ? [f.tracking_url] : [],
      updated_at: iso(f.updated_at),
      line_items: (f.lines as Row[]).flatMap((fl) => (byId.has(String(fl.line_item_id)) ? [{ ...restLine(byId.get(String(fl.line_item_id))!, money), quantity: fl.quantity }] : [])),
    })),
    line_items: lines.map((l) => restLine(l, money)),
    refunds: refunds.map((r) => ({
      id: Number(r.id), admin_graphql_api_id: `gid://platform/Refund/${r.id}`, created_at: iso(r.created_at), note: r.note,
      order_id: Number(r.order_id), processed_at: iso(r.processed_at), restock: r.restock,
      refund_line_items: (r.lines as Row[]).map((rl) => ({
        id: rl.id, line_item_id: rl.line_item_id, quantity: rl.quantity, restock_type: rl.restock_type, subtotal: rl.subtotal,
        subtotal_set: money(rl.subtotal), total_tax: rl.total_tax, total_tax_set: money(rl.total_tax),
        line_item: byId.has(String(rl.line_item_id)) ? restLine(byId.get(String(rl.line_item_id))!, money) : null,
      })),
      transactions: (r.transactions as Row[]).map(transaction),
    })),
    shipping_address: restOrderAddress(o.shipping_address),
    shipping_lines: (o.shipping_lines as Row[]).map((s) => ({
      code: s.code, discounted_price: s.price, discounted_price_set: money(s.price), price: s.price, price_set: money(s.price), title: s.title,
    })),
  };
}

interface Shop { id: string; currency: string }

/** The admin GraphQL schema's orders part, added to the customers' (one admin endpoint). */
export const ORDERS_SDL = `
  extend type Query { orders(first: Int!): OrderConnection! }
  type OrderConnection { edges: [OrderEdge!]! pageInfo: PageInfo! }
  type OrderEdge { node: Order! }
  type Order {
    id: ID! name: String! email: String displayFinancialStatus: String displayFulfillmentStatus: String!
    totalPriceSet: MoneyBag! lineItems(first: Int!): LineItemConnection!
  }
  type MoneyBag { shopMoney: MoneyV2! presentmentMoney: MoneyV2! }
  type LineItemConnection { edges: [LineItemEdge!]! }
  type LineItemEdge { node: LineItem! }
  type LineItem { title: String! quantity: Int! sku: String originalUnitPriceSet: MoneyBag! }
`;

const FULFILLMENT = { unfulfilled: 'UNFULFILLED', partial: 'PARTIALLY_FULFILLED', fulfilled: 'FULFILLED', restocked: 'RESTOCKED' } as Record<string, string>;

/** Adds the orders scenario's REST route to the baseline; answers the root of its admin GraphQL part. */
export function registerOrderRoutes(app: FastifyInstance, pool: pg.Pool, shop: Shop): Record<string, unknown> {
  app.get('/admin/api/:version/orders.json', async (request, reply) => {
    const query = request.query as { limit?: string; page_info?: string };
    const limit = Math.min(250, Math.max(1, Number(query.limit ?? 50) || 50));
    const afterId = query.page_info ? Number(Buffer.from(query.page_info, 'base64url').toString()) : null;
    const { rows } = afterId === null ? await pool.query(SQL.openFirst, [shop.id, limit + 1]) : await pool.query(SQL.openAfter, [shop.id, limit + 1, afterId]);
    const orders = rows.slice(0, limit);
    const ids = orders.map((o) => o.id);
    const customerIds = [...new Set(orders.flatMap((o) => (o.customer_id === null ? [] : [o.customer_id])))];
    const [lines, refunds, fulfillments, customers, addresses] = await Promise.all([
      pool.query(SQL.lines, [shop.id, ids]),
      pool.query(SQL.refunds, [shop.id, ids]),
      pool.query(SQL.fulfillments, [shop.id, ids]),
      pool.query(SQL.customers, [shop.id, customerIds]),
      pool.query(SQL.defaultAddresses, [shop.id, customerIds]),
    ]);
    const linesOf = groupBy(lines.rows);
    const refundsOf = groupBy(refunds.rows);
    const fulfillmentsOf = groupBy(fulfillments.rows);
    const addressOf = new Map(addresses.rows.map((a) => [String(a.customer_id), a]));
    const customerOf = new Map(customers.rows.map((c) => [String(c.id), restCustomer(c, addressOf.get(String(c.id)))]));
    if (rows.length > limit) {
      const next = Buffer.from(String(orders.at(-1)!.id)).toString('base64url');
      const { version } = request.params as { version: string };
      reply.header('link', `<http://${request.headers.host}/admin/api/${version}/orders.json?page_info=${next}&limit=${limit}>; rel="next"`);
    }
    return {
      orders: orders.map((o) =>
        restOrder(o, linesOf.get(String(o.id)) ?? [], refundsOf.get(String(o.id)) ?? [], fulfillmentsOf.get(String(o.id)) ?? [], o.customer_id === null ? null : (customerOf.get(String(o.customer_id)) ?? null)),
      ),
    };
  });

  const bag = (amount: string, currency: string) => ({ shopMoney: { amount, currencyCode: currency }, presentmentMoney: { amount, currencyCode: currency } });
  return {
    async orders({ first }: { first: number }) {
      const { rows } = await pool.query(SQL.byProcessedAt, [shop.id, first + 1]);
      const orders = rows.slice(0, first);
      // One statement for every order's lines, whatever page of lines they ask (the query asks one).
      let lines: Promise<Map<string, Row[]>> | undefined;
      const linesOf = (size: number) => (lines ??= pool.query(SQL.linePages, [shop.id, orders.map((o) => o.id), size]).then((r) => groupBy(r.rows)));
      return {
        edges: orders.map((o) => ({
          node: {
            id: `gid://platform/Order/${o.id}`, name: o.name, email: o.email, displayFinancialStatus: o.financial_status.toUpperCase(),
            displayFulfillmentStatus: FULFILLMENT[o.fulfillment_status], totalPriceSet: bag(o.total_price, o.currency),
            async lineItems({ first: size }: { first: number }) {
              const page = (await linesOf(size)).get(String(o.id)) ?? [];
              return { edges: page.map((l) => ({ node: { title: l.title, quantity: l.quantity, sku: l.sku, originalUnitPriceSet: bag(l.price, o.currency) } })) };
            },
          },
        })),
        pageInfo: { hasNextPage: rows.length > first },
      };
    },
  };
}
