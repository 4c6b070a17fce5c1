import { Injectable } from '@nestjs/common';
import { SqlPool, preparedSql } from '@platform/database';
import { type KeysetPlan, type ListPage, type PageRequest, type SortSpec, cutPage, keysetPlan } from '@platform/paging';
import { SqlParams } from '@platform/sql';
import { searchSql } from '@platform/search-syntax';
import type { RequestContext } from '@platform/request';
import type { BalanceTransactionFilters, PayoutFilters } from './ledger.inputs.js';
import type { BalanceRecord, BalanceTransactionRecord, PayoutRecord } from './ledger.records.js';
import { PAYOUT_SEARCH, PAYOUT_SORT, TRANSACTION_SEARCH, type TransactionSortKey, payoutScope, transactionScope, transactionSortSpec } from './ledger-search.rules.js';
import { BALANCE, PAYOUTS_BY_IDS, payoutsPageSql, transactionsPageSql } from './ledger.sql.js';

type Row<T> = T & { sortValue?: string };


const statements = { balance: preparedSql(BALANCE), payoutsByIds: preparedSql(PAYOUTS_BY_IDS) };

/**
 * The merchant's reads of the ledger (REST and admin GraphQL): balance transactions and payouts, keyset-paged
 * (one statement a page), and the balance. They run on the SQL pool and see committed data.
 */
@Injectable()
export class LedgerDirectoryService {
  constructor(private readonly sql: SqlPool) {}

  /** REST: newest first by processed_at then id, with the spec's filters. */
  async transactions(ctx: RequestContext, filters: BalanceTransactionFilters, page: PageRequest): Promise<ListPage<BalanceTransactionRecord>> {
    const params = new SqlParams(2);
    return this.transactionPage(ctx, transactionConditions(filters, params), transactionSortSpec('PROCESSED_AT'), transactionScope('rest', 'PROCESSED_AT'), page, params);
  }

  /** Admin GraphQL `balanceTransactions(query:, sortKey:, reverse:)`. */
  async searchTransactions(ctx: RequestContext, query: string | null, sortKey: TransactionSortKey, page: PageRequest): Promise<ListPage<BalanceTransactionRecord>> {
    const params = new SqlParams(2);
    const { where } = searchSql(TRANSACTION_SEARCH, query, params);
    return this.transactionPage(ctx, where ? [`(${where})`] : [], transactionSortSpec(sortKey), transactionScope('admin', sortKey), page, params, where !== '');
  }

  /** REST: newest first by date then id, with the hosted filters. */
  async payouts(ctx: RequestContext, filters: PayoutFilters, page: PageRequest): Promise<ListPage<PayoutRecord>> {
    const params = new SqlParams(2);
    return this.payoutPage(ctx, payoutConditions(filters, params), payoutScope('rest'), page, params);
  }

  /** Admin GraphQL `payouts(query:, reverse:)`. */
  async searchPayouts(ctx: RequestContext, query: string | null, page: PageRequest): Promise<ListPage<PayoutRecord>> {
    const params = new SqlParams(2);
    const { where } = searchSql(PAYOUT_SEARCH, query, params);
    return this.payoutPage(ctx, where ? [`(${where})`] : [], payoutScope('admin'), page, params, where !== '');
  }

  /** One payout of the shop, or null. */
  async payout(ctx: RequestContext, id: number): Promise<PayoutRecord | null> {
    const [payout] = await this.payoutsByIds(ctx, [id]);
    return payout ?? null;
  }

  /** Payouts of the shop by id (unknown ones left out), in one statement. */
  async payoutsByIds(ctx: RequestContext, ids: readonly number[]): Promise<PayoutRecord[]> {
    const safe = ids.filter(Number.isSafeInteger);
    if (safe.length === 0) return [];
    return this.sql.rows<PayoutRecord>(ctx, statements.payoutsByIds, [ctx.shop.id, safe]);
  }

  /** The balance per currency (the shop's currency at zero when nothing is pending), hosted order: by currency. */
  async balance(ctx: RequestContext): Promise<BalanceRecord[]> {
    const rows = await this.sql.rows<BalanceRecord>(ctx, statements.balance, [ctx.shop.id]);
    return rows.length > 0 ? rows : [{ amount: '0.00', currency: ctx.shop.currency }];
  }

  private async transactionPage(ctx: RequestContext, where: string[], sort: SortSpec, scope: ReturnType<typeof transactionScope>, page: PageRequest, params: SqlParams, searched = false) {
    const keyset = keysetPlan(scope, sort, page, 't.id', params);
    const text = transactionsPageSql(sort.expression, [...where, keyset.after].filter(Boolean), keyset.orderBy);
    return this.page<BalanceTransactionRecord>(ctx, text, page, params, keyset, searched);
  }

  private async payoutPage(ctx: RequestContext, where: string[], scope: ReturnType<typeof payoutScope>, page: PageRequest, params: SqlParams, searched = false) {
    const keyset = keysetPlan(scope, PAYOUT_SORT, page, 'p.id', params);
    const text = payoutsPageSql(PAYOUT_SORT.expression, [...where, keyset.after].filter(Boolean), keyset.orderBy);
    return this.page<PayoutRecord>(ctx, text, page, params, keyset, searched);
  }

  private async page<T extends { id: number }>(ctx: RequestContext, text: string, page: PageRequest, params: SqlParams, keyset: KeysetPlan, searched: boolean): Promise<ListPage<T>> {
    // A searched statement carries the search's own shape: not worth a prepared name per query.
    const statement = searched ? { text } : preparedSql(text);
    const rows = await this.sql.rows<Row<T>>(ctx, statement, [ctx.shop.id, page.size + 1, ...params.values]);
    return cutPage(rows, page, (row) => keyset.cursorOf(row), withoutSortValue);
  }
}

function transactionConditions(filters: BalanceTransactionFilters, params: SqlParams): string[] {
  const where: string[] = [];
  if (filters.payoutId !== undefined) where.push(`t.payout_id = ${params.add(filters.payoutId)}::bigint`);
  if (filters.sinceId !== undefined) where.push(`t.id > ${params.add(filters.sinceId)}::bigint`);
  if (filters.lastId !== undefined) where.push(`t.id < ${params.add(filters.lastId)}::bigint`);
  if (filters.payoutStatus !== undefined) where.push(`t.payout_status = ${params.add(filters.payoutStatus)}`);
  if (filters.test !== undefined) where.push(`t.test = ${params.add(filters.test)}`);
  return where;
}

function payoutConditions(filters: PayoutFilters, params: SqlParams): string[] {
  const where: string[] = [];
  if (filters.sinceId !== undefined) where.push(`p.id > ${params.add(filters.sinceId)}::bigint`);
  if (filters.lastId !== undefined) where.push(`p.id < ${params.add(filters.lastId)}::bigint`);
  if (filters.dateMin !== undefined) where.push(`p.date >= ${params.add(filters.dateMin)}::date`);
  if (filters.dateMax !== undefined) where.push(`p.date <= ${params.add(filters.dateMax)}::date`);
  if (filters.date !== undefined) where.push(`p.date = ${params.add(filters.date)}::date`);
  if (filters.status !== undefined) where.push(`p.status = ${params.add(filters.status)}`);
  return where;
}

function withoutSortValue<T>(row: Row<T>): T {
  const { sortValue: _sortValue, ...record } = row;
  return record as T;
}
