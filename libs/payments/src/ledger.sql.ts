// The ledger's reads (SqlPool, `$n` parameters, $1 the shop) and writes (the ORM's connection inside a
// transaction, `?` parameters). Money leaves Postgres as text: numeric(20, 2) is already an exact two-place string.

export const TRANSACTION_COLUMNS = `t.id, t.type, t.test, t.payout_id as "payoutId", t.payout_status as "payoutStatus", t.currency,
  t.amount::text as amount, t.fee::text as fee, t.net::text as net, t.source_id as "sourceId", t.source_type as "sourceType",
  t.source_order_id as "sourceOrderId", t.source_order_transaction_id as "sourceOrderTransactionId",
  t.processed_at as "processedAt", t.adjustment_reason as "adjustmentReason",
  t.adjustment_order_transactions as "adjustmentOrderTransactions"`;

export const PAYOUT_COLUMNS = `p.id, p.status, p.currency, p.amount::text as amount, p.date::text as date,
  p.issued_at as "issuedAt", p.created_at as "createdAt", p.updated_at as "updatedAt"`;

/** A page of a shop's balance transactions: `where` are conditions beside the shop's, `sortExpression` the keyset's. */
export function transactionsPageSql(sortExpression: string, where: readonly string[], orderBy: string): string {
  return `select ${TRANSACTION_COLUMNS}, (${sortExpression})::text as "sortValue" from balance_transactions t
    where t.shop_id = $1${where.map((condition) => ` and ${condition}`).join('')}
    order by ${orderBy} limit $2`;
}

export function payoutsPageSql(sortExpression: string, where: readonly string[], orderBy: string): string {
  return `select ${PAYOUT_COLUMNS}, (${sortExpression})::text as "sortValue" from payouts p
    where p.shop_id = $1${where.map((condition) => ` and ${condition}`).join('')}
    order by ${orderBy} limit $2`;
}

export const PAYOUTS_BY_IDS = `select ${PAYOUT_COLUMNS} from payouts p where p.shop_id = $1 and p.id = any($2::bigint[])`;

// Live transactions no payout has taken, per currency; test-mode money is never paid out.
export const BALANCE = `select t.currency, sum(t.net)::numeric(20, 2)::text as amount from balance_transactions t
  where t.shop_id = $1 and t.payout_id is null and not t.test group by t.currency order by t.currency`;

// --- writes (inside a transaction, `?` parameters) ---

/** One booking; a source already booked (a redelivered event) inserts nothing and returns no row. */
export const INSERT_TRANSACTION = `insert into balance_transactions
    (shop_id, type, amount, fee, net, currency, source_id, source_type, source_order_id, source_order_transaction_id,
     processed_at, test, payout_id, payout_status, adjustment_reason, adjustment_order_transactions)
  values (?, ?, ?::numeric, ?::numeric, ?::numeric, ?, ?, ?, ?, ?, ?::timestamptz, ?, ?, ?, ?, ?::jsonb)
  on conflict on constraint balance_transactions_source_unique do nothing
  returning id`;

// One payout at a time per shop and currency: a second run waits here, then finds nothing left to take.
export const LOCK_SHOP_CURRENCY = `select pg_advisory_xact_lock(hashtextextended('payments.payouts:' || ?::text || ':' || ?::text, 0))`;

// A payout holds the transactions available when it was issued: none processed after its run.
export const PENDING_CURRENCIES = `select distinct currency from balance_transactions
  where shop_id = ? and payout_id is null and not test and processed_at <= ?::timestamptz order by currency`;

export const PENDING_OF_CURRENCY = `select id::text as id, net::text as net from balance_transactions
  where shop_id = ? and currency = ? and payout_id is null and not test and processed_at <= ?::timestamptz order by id for update`;

export const INSERT_PAYOUT = `insert into payouts (shop_id, currency, amount, status, date, issued_at) values (?, ?, ?::numeric, 'scheduled', ?::date, ?::timestamptz)
  returning id::text as id`;

export const LINK_TO_PAYOUT = `update balance_transactions set payout_id = ?, payout_status = ?, updated_at = now()
  where shop_id = ? and id = any(?::bigint[]) and payout_id is null`;

export const DUE_PAYOUTS = `select id::text as id from payouts where shop_id = ? and status = 'scheduled' and date < ?::date order by id for update`;

export const PAYOUT_FOR_UPDATE = `select id::text as id, status, currency, amount::text as amount from payouts where shop_id = ? and id = ? for update`;

export const SET_PAYOUT_STATUS = `update payouts set status = ?, updated_at = now() where shop_id = ? and id = ?`;

export const SET_TRANSACTIONS_PAYOUT_STATUS = `update balance_transactions set payout_status = ?, updated_at = now() where shop_id = ? and payout_id = ?`;
