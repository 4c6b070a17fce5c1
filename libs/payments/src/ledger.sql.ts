import { preparedSql } from '@platform/database';
// The ledger's reads and writes (`$n` parameters, $1 the shop; the writes inside the caller's transaction). Money
// leaves Postgres as text: numeric(20, 2) is already an exact two-place string.

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

// --- writes (inside a transaction) ---

/** One booking; a source already booked (a redelivered event) inserts nothing and returns no row. */
export const INSERT_TRANSACTION = preparedSql(`insert into balance_transactions
    (shop_id, type, amount, fee, net, currency, source_id, source_type, source_order_id, source_order_transaction_id,
     processed_at, test, payout_id, payout_status, adjustment_reason, adjustment_order_transactions)
  values ($1, $2, $3::numeric, $4::numeric, $5::numeric, $6, $7, $8, $9, $10, $11::timestamptz, $12, $13, $14, $15, $16::jsonb)
  on conflict on constraint balance_transactions_source_unique do nothing
  returning id`);

// One payout at a time per shop and currency: a second run waits here, then finds nothing left to take.
export const LOCK_SHOP_CURRENCY = preparedSql(`select pg_advisory_xact_lock(hashtextextended('payments.payouts:' || $1::text || ':' || $2::text, 0))::text as locked`);

// A payout holds the transactions available when it was issued: none processed after its run.
export const PENDING_CURRENCIES = preparedSql(`select distinct currency from balance_transactions
  where shop_id = $1 and payout_id is null and not test and processed_at <= $2::timestamptz order by currency`);

export const PENDING_OF_CURRENCY = preparedSql(`select id, net::text as net from balance_transactions
  where shop_id = $1 and currency = $2 and payout_id is null and not test and processed_at <= $3::timestamptz order by id for update`);

export const INSERT_PAYOUT = preparedSql(`insert into payouts (shop_id, currency, amount, status, date, issued_at) values ($1, $2, $3::numeric, 'scheduled', $4::date, $5::timestamptz)
  returning id`);

export const LINK_TO_PAYOUT = preparedSql(`update balance_transactions set payout_id = $2, payout_status = $3, updated_at = now()
  where shop_id = $1 and id = any($4::bigint[]) and payout_id is null`);

export const DUE_PAYOUTS = preparedSql(`select id from payouts where shop_id = $1 and status = 'scheduled' and date < $2::date order by id for update`);

export const PAYOUT_FOR_UPDATE = preparedSql(`select id, status, currency, amount::text as amount from payouts where shop_id = $1 and id = $2 for update`);

export const SET_PAYOUT_STATUS = preparedSql(`update payouts set status = $3, updated_at = now() where shop_id = $1 and id = $2`);

export const SET_TRANSACTIONS_PAYOUT_STATUS = preparedSql(`update balance_transactions set payout_status = $3, updated_at = now() where shop_id = $1 and payout_id = $2`);
