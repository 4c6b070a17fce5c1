import { preparedSql } from '@platform/database';

// The merchant's reads of customers and the writes the ORM does not make in one statement, in one reviewable
// place. Each is scoped by shop_id ($1).

export const CUSTOMER_COLUMNS = `c.id, c.created_at as "createdAt", c.updated_at as "updatedAt",
  c.first_name as "firstName", c.last_name as "lastName", c.email, c.phone, c.state, c.note,
  c.verified_email as "verifiedEmail", c.multipass_identifier as "multipassIdentifier",
  c.tax_exempt as "taxExempt", c.tax_exemptions as "taxExemptions", c.tags, c.orders_count as "ordersCount",
  c.total_spent::text as "totalSpent", c.last_order_id as "lastOrderId", c.last_order_name as "lastOrderName",
  c.currency, c.email_marketing_consent as "emailMarketingConsent", c.sms_marketing_consent as "smsMarketingConsent"`;

const ADDRESS_COLUMNS = `a.id, a.customer_id as "customerId", a.first_name as "firstName", a.last_name as "lastName",
  a.company, a.address1, a.address2, a.city, a.province, a.province_code as "provinceCode", a.country,
  a.country_code as "countryCode", a.zip, a.phone, a.is_default as "isDefault"`;

/** The default address, joined for the LOCATION sort (at most one per customer: a partial unique index). */
export const DEFAULT_ADDRESS_JOIN = 'left join customer_addresses d on d.customer_id = c.id and d.shop_id = c.shop_id and d.is_default';

/**
 * A page of customers, `$2` rows: `where` holds the filters (their values after `$2`), the sort value, the cursor
 * condition and the order come from the paging kit's keyset plan.
 */
export function customerPageSql(options: { sortExpression: string; where: readonly string[]; orderBy: string; joinDefaultAddress: boolean }): string {
  const join = options.joinDefaultAddress ? ` ${DEFAULT_ADDRESS_JOIN}` : '';
  return `select ${CUSTOMER_COLUMNS}, (${options.sortExpression})::text as "sortValue" from customers c${join}
    where c.shop_id = $1${options.where.map((w) => ` and ${w}`).join('')}
    order by ${options.orderBy} limit $2`;
}

/** How many customers the conditions (their values after `$1`) select. */
export function customerCountSql(where: readonly string[]): string {
  return `select count(*)::int as n from customers c where c.shop_id = $1${where.map((w) => ` and ${w}`).join('')}`;
}

/** The customers `$2`, in no particular order. */
export const CUSTOMERS_BY_IDS = `select ${CUSTOMER_COLUMNS} from customers c where c.shop_id = $1 and c.id = any($2::bigint[])`;

/** The customer whose (lowercased) email is `$2`. */
export const CUSTOMER_BY_EMAIL = `select ${CUSTOMER_COLUMNS} from customers c where c.shop_id = $1 and c.email = $2`;

/** The customer whose (E.164) phone is `$2`. */
export const CUSTOMER_BY_PHONE = `select ${CUSTOMER_COLUMNS} from customers c where c.shop_id = $1 and c.phone = $2`;

/**
 * What the customer object shows of the addresses of the customers `$2` (spec 3): the ten most recently updated,
 * newest first (`rn` 1 to 10), and the default wherever it ranks. Served by (customer_id, updated_at desc, id desc).
 */
export const SHOWN_ADDRESSES_OF_CUSTOMERS = `select * from (
    select ${ADDRESS_COLUMNS},
      row_number() over (partition by a.customer_id order by a.updated_at desc, a.id desc) as rn
    from customer_addresses a where a.shop_id = $1 and a.customer_id = any($2::bigint[])
  ) x where x.rn <= 10 or x."isDefault" order by x."customerId", x.rn`;

/** The first `$3` addresses of each of the customers `$2`, the default first, then newest. */
export const ADDRESSES_OF_CUSTOMERS = `select * from (
    select ${ADDRESS_COLUMNS},
      row_number() over (partition by a.customer_id order by a.is_default desc, a.updated_at desc, a.id desc) as rn
    from customer_addresses a where a.shop_id = $1 and a.customer_id = any($2::bigint[])
  ) x where x.rn <= $3 order by x."customerId", x.rn`;

/** A page of the customer `$2`'s addresses, `$3` rows: the cursor condition and the order come from the keyset plan. */
export function addressPageSql(after: string, orderBy: string): string {
  return `select ${ADDRESS_COLUMNS} from customer_addresses a where a.shop_id = $1 and a.customer_id = $2${after ? ` and ${after}` : ''}
    order by ${orderBy} limit $3`;
}

/**
 * Creates a customer ($2…$18, the columns of `NEW_CUSTOMER_COLUMNS`) and its addresses (one array per column,
 * $19…$31, in the order given, so their ids follow it) in one statement, atomic without a transaction. Answers the
 * customer as the directory reads it, with its addresses as JSON (newest first), so a create reads nothing back.
 */
export const CREATE_CUSTOMER = preparedSql(`with c as (
    insert into customers as c (shop_id, state, password_hash, currency, first_name, last_name, email, phone, note, tags, tax_exempt,
        tax_exemptions, multipass_identifier, verified_email, email_marketing_consent, sms_marketing_consent, activation_token_hash,
        activation_expires_at)
      values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)
      returning ${CUSTOMER_COLUMNS}
  ), a as (
    insert into customer_addresses as a (shop_id, customer_id, first_name, last_name, company, address1, address2, city, province,
        province_code, country, country_code, zip, phone, is_default)
      select $1, c.id, v.* from c, unnest($19::text[], $20::text[], $21::text[], $22::text[], $23::text[], $24::text[], $25::text[],
        $26::text[], $27::text[], $28::varchar(2)[], $29::text[], $30::text[], $31::boolean[]) as v
      returning ${ADDRESS_COLUMNS}
  )
  select c.*, coalesce((select json_agg(a order by a.id desc) from a), '[]') as addresses from c`);

/** Customer $2's order count, and whether any order still names it (orders imported without totals), locked for a delete. */
export const CUSTOMER_ORDERS_FOR_DELETE = preparedSql(
  `select c.orders_count, exists (select 1 from orders o where o.shop_id = c.shop_id and o.customer_id = c.id) as has_orders
     from customers c where c.shop_id = $1 and c.id = $2 for update`,
);

// Whether the row's last order is at least as recent as the one the customer has.
const NEWER = '(v.last_at is not null and (c.last_order_at is null or v.last_at >= c.last_order_at))';

/**
 * Adds order stats to customers, one array per column ($2 ids … $9 paid): orders count and amount add up, the last
 * order follows the newer one, and a paid one sets the currency. One statement whatever the number of customers.
 */
export const ADD_ORDER_STATS = preparedSql(
  `update customers c
      set orders_count = c.orders_count + v.orders_count, total_spent = c.total_spent + v.amount, updated_at = now(),
          last_order_id = case when ${NEWER} then v.last_id else c.last_order_id end,
          last_order_name = case when ${NEWER} then v.last_name else c.last_order_name end,
          currency = case when ${NEWER} and v.paid then v.currency else c.currency end,
          last_order_at = case when ${NEWER} then v.last_at else c.last_order_at end
     from unnest($2::bigint[], $3::integer[], $4::numeric[], $5::bigint[], $6::text[], $7::timestamptz[], $8::varchar(3)[], $9::boolean[])
          as v (id, orders_count, amount, last_id, last_name, last_at, currency, paid)
    where c.id = v.id and c.shop_id = $1`,
);
