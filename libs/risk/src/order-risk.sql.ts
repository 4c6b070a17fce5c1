import type { KeysetPlan } from '@platform/paging';

// Reads of order risks, in one reviewable place; each is scoped by shop_id ($1). Served by the
// (shop_id, order_id, id) index. Only displayed risks that recommend something are REST's to show.

const RISK_COLUMNS = `r.id, r.order_id as "orderId", r.app_id as "appId", r.checkout_id as "checkoutId", r.source,
  r.score::text as score, r.recommendation, r.risk_level as "riskLevel", r.display, r.cause_cancel as "causeCancel",
  r.message, r.facts, r.created_at as "createdAt", r.updated_at as "updatedAt"`;

const REST_VISIBLE = 'r.display and r.recommendation is not null';

/** A page of order $3's risks, $2 rows, in the keyset's order (its cursor values after $3). */
export function risksOfOrderSql(keyset: KeysetPlan): string {
  const after = keyset.after ? ` and ${keyset.after}` : '';
  return `select ${RISK_COLUMNS} from order_risks r
    where r.shop_id = $1 and r.order_id = $3 and ${REST_VISIBLE}${after}
    order by ${keyset.orderBy} limit $2`;
}

/** Serialises the risk writes of order $1 until the transaction ends, so its count is exact. */
export const LOCK_RISKS_OF_ORDER = `select pg_advisory_xact_lock(hashtextextended('order_risks', $1::bigint))::text as locked`;

/** How many risks order $2 holds, shown or not. */
export const COUNT_RISKS_OF_ORDER = `select count(*)::int as n from order_risks r where r.shop_id = $1 and r.order_id = $2`;

/** Risk $3 of order $2, if REST shows it. */
export const RISK_OF_ORDER = `select ${RISK_COLUMNS} from order_risks r
  where r.shop_id = $1 and r.order_id = $2 and r.id = $3 and ${REST_VISIBLE}`;

/** Risk $2 as written, shown or not, with its app's title (a write's answer). */
export const RISK_BY_ID = `select ${RISK_COLUMNS}, a.name as "appTitle" from order_risks r
  left join apps a on a.id = r.app_id
  where r.shop_id = $1 and r.id = $2`;

/** The displayed risks of the orders $2, with the title of the app that made each: a page of orders' `risk`. */
export const ASSESSMENTS_OF_ORDERS = `select ${RISK_COLUMNS}, a.name as "appTitle" from order_risks r
  left join apps a on a.id = r.app_id
  where r.shop_id = $1 and r.order_id = any($2::bigint[]) and r.display
  order by r.order_id, r.id`;
