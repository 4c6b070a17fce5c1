import { Injectable } from '@nestjs/common';
import DataLoader from 'dataloader';
import { normalizeEmail, normalizePhone } from '@platform/contact';
import { SqlPool, type SqlStatement, preparedSql } from '@platform/database';
import { type KeysetPlan, type ListPage, type PageRequest, type SortSpec, cutPage, keysetPlan, toListPage } from '@platform/paging';
import { SqlParams } from '@platform/sql';
import { searchSql } from '@platform/search-syntax';
import { type RequestContext, requestScoped } from '@platform/request';
import { MAX_CUSTOMER_ADDRESSES } from './customer-input.rules.js';
import { CUSTOMER_SEARCH, customerSearchScope, customerSortSpec } from './customer-search.rules.js';
import type { CustomerIdentifier, CustomerListFilters, CustomerSort } from './customer.inputs.js';
import type { AddressRecord, CustomerDetailRecord, CustomerSummaryRecord } from './customer.records.js';

import {
  ADDRESSES_OF_CUSTOMERS,
  addressPageSql,
  CUSTOMERS_BY_IDS,
  CUSTOMER_BY_EMAIL,
  CUSTOMER_BY_PHONE,
  SHOWN_ADDRESSES_OF_CUSTOMERS,
  customerCountSql,
  customerPageSql,
} from './customer.sql.js';
import { EXISTING_CUSTOMERS } from './metafield-owners.sql.js';
import { CustomerErrors } from './customers.errors.js';

type CustomerRow = CustomerSummaryRecord & { sortValue?: string };
type AddressRow = AddressRecord & { rn: number };
interface ShownAddresses {
  addresses: AddressRecord[];
  defaultAddress: AddressRecord | null;
}

const REST_LIST = { connection: 'rest.customers', sortKey: 'ID' };
const BY_ID = customerSortSpec('ID', null);
// The storefront's `customer.addresses`: walked by id, its cursors those it always had.
const ADDRESSES = { connection: 'customer.addresses', sortKey: 'ID' };
const ADDRESSES_BY_ID: SortSpec = { expression: 'a.id', cast: 'bigint', descending: false };
/** The REST list's `ids` filter takes at most this many. */
const MAX_IDS = 250;

const statements = {
  byIds: preparedSql(CUSTOMERS_BY_IDS),
  byEmail: preparedSql(CUSTOMER_BY_EMAIL),
  byPhone: preparedSql(CUSTOMER_BY_PHONE),
  shownAddresses: preparedSql(SHOWN_ADDRESSES_OF_CUSTOMERS),
  addresses: preparedSql(ADDRESSES_OF_CUSTOMERS),
};

/**
 * The merchant's reads of customers (REST and admin GraphQL): one customer, filtered lists, search with the
 * hosted syntax, counts. Every list reads its page's addresses for all its customers in one statement, so a page
 * costs two statements whatever its size. Reads run on the SQL pool: they see committed data, so a
 * write reads its result here after its transaction commits.
 */
@Injectable()
export class CustomerDirectoryService {
  constructor(private readonly sql: SqlPool) {}

  /** One customer of the shop, or null. Customers asked for in the same tick of a request share one read. */
  async customer(ctx: RequestContext, id: number): Promise<CustomerDetailRecord | null> {
    return this.loader(ctx).load(id);
  }

  /** Which of `ids` are customers of ctx's shop (the metafields' owner registry asks), in one statement. */
  async existingIds(ctx: RequestContext, ids: readonly number[]): Promise<number[]> {
    return (await this.sql.rows<{ id: number }>(ctx, EXISTING_CUSTOMERS, [ctx.shop.id, ids])).map((row) => row.id);
  }

  /** REST list: id order, the filters of spec 3 (`ids` at most 250; INVALID naming the filter otherwise). */
  async list(ctx: RequestContext, filters: CustomerListFilters, page: PageRequest): Promise<ListPage<CustomerDetailRecord>> {
    // $1 shop, $2 limit; the filters and the cursor add theirs.
    const params = new SqlParams(2);
    const where = listConditions(filters, params);
    const keyset = keysetPlan(REST_LIST, BY_ID, page, 'c.id', params);
    const text = customerPageSql({ sortExpression: BY_ID.expression, where: [...where, keyset.after].filter(Boolean), orderBy: keyset.orderBy, joinDefaultAddress: false });
    return this.page(ctx, preparedSql(text), params, page, keyset);
  }

  /** REST count: the list's filters. */
  async count(ctx: RequestContext, filters: CustomerListFilters): Promise<number> {
    const params = new SqlParams(1);
    const [row] = await this.sql.rows<{ n: number }>(ctx, preparedSql(customerCountSql(listConditions(filters, params))), [ctx.shop.id, ...params.values]);
    return row!.n;
  }

  /**
   * REST search and admin GraphQL `customers(query:, sortKey:, reverse:)`: the hosted search syntax (CUSTOMER_SEARCH),
   * sorted by `sort` with ties broken by id, reversed by `sort.reverse` or the page's `reverse`. Cursors belong to
   * the sort key (`customerSearchScope`).
   */
  async search(ctx: RequestContext, query: string | null, sort: CustomerSort, page: PageRequest): Promise<ListPage<CustomerDetailRecord>> {
    const { statement, params, walk, keyset } = searchStatement(query, sort, page);
    return this.page(ctx, statement, params, walk, keyset);
  }

  /**
   * The same search without the addresses REST shows (admin GraphQL reads a customer's addresses through
   * `addresses`, for every customer of a page in one statement): one statement a page.
   */
  async searchSummaries(ctx: RequestContext, query: string | null, sort: CustomerSort, page: PageRequest): Promise<ListPage<CustomerSummaryRecord>> {
    const { statement, params, walk, keyset } = searchStatement(query, sort, page);
    const rows = await this.sql.rows<CustomerRow>(ctx, statement, [ctx.shop.id, walk.size + 1, ...params.values]);
    return cutPage(rows, walk, (row) => keyset.cursorOf(row), summaryRecord);
  }

  /** `customersCount(query:)`. */
  async searchCount(ctx: RequestContext, query: string | null): Promise<number> {
    const params = new SqlParams(1);
    const { where } = searchSql(CUSTOMER_SEARCH, query, params);
    const text = customerCountSql(where ? [`(${where})`] : []);
    const [row] = await this.sql.rows<{ n: number }>(ctx, where ? { text } : preparedSql(text), [ctx.shop.id, ...params.values]);
    return row!.n;
  }

  /** `customerByIdentifier`: by email (case-insensitive) or phone (normalised to E.164). */
  async byIdentifier(ctx: RequestContext, identifier: CustomerIdentifier): Promise<CustomerDetailRecord | null> {
    let rows: CustomerRow[] = [];
    if (typeof identifier.emailAddress === 'string') {
      const email = normalizeEmail(identifier.emailAddress);
      if (isLookupText(email)) rows = await this.sql.rows<CustomerRow>(ctx, statements.byEmail, [ctx.shop.id, email]);
    } else if (typeof identifier.phoneNumber === 'string') {
      const phone = identifier.phoneNumber.length <= 100 ? normalizePhone(identifier.phoneNumber) : null;
      if (phone) rows = await this.sql.rows<CustomerRow>(ctx, statements.byPhone, [ctx.shop.id, phone]);
    }
    const [detail] = await this.details(ctx, rows);
    return detail ?? null;
  }

  /** Customers by id, for loaders (node, nodes): in the order asked, null where the shop has none. */
  async customersByIds(ctx: RequestContext, ids: readonly number[]): Promise<(CustomerDetailRecord | null)[]> {
    const found = await this.loader(ctx).loadMany(ids);
    return found.map((f) => {
      if (f instanceof Error) throw f;
      return f;
    });
  }

  /**
   * The first `first` addresses of a customer (admin GraphQL `addresses(first:)`; all of its at most
   * MAX_CUSTOMER_ADDRESSES without one), the default first, then newest. Every customer of a request asking with the
   * same `first` shares one statement.
   */
  async addresses(ctx: RequestContext, customerId: number, first: number | null): Promise<AddressRecord[]> {
    const limit = first === null || !Number.isSafeInteger(first) ? MAX_CUSTOMER_ADDRESSES : Math.min(Math.max(first, 0), MAX_CUSTOMER_ADDRESSES);
    return requestScoped(ctx, `customers:directory:addresses:${limit}`, () =>
      new DataLoader<number, AddressRecord[]>(
        async (ids) => {
          const rows = await this.sql.rows<AddressRow>(ctx, statements.addresses, [ctx.shop.id, ids.filter(Number.isSafeInteger), limit]);
          const byCustomer = groupByCustomer(rows);
          return ids.map((id) => byCustomer.get(id) ?? []);
        },
        // Batching only: a write later in the same request (a second mutation) must be seen by the next read.
        { cache: false },
      ),
    ).load(customerId);
  }

  /** One page of a customer's addresses by id (storefront `addresses`), in SQL: a page costs what its rows cost. */
  async addressPage(ctx: RequestContext, customerId: number, page: PageRequest): Promise<ListPage<AddressRecord>> {
    const params = new SqlParams(3);
    const keyset = keysetPlan(ADDRESSES, ADDRESSES_BY_ID, page, 'a.id', params);
    const rows = await this.sql.rows<AddressRecord>(ctx, preparedSql(addressPageSql(keyset.after, keyset.orderBy)), [ctx.shop.id, customerId, page.size + 1, ...params.values]);
    return toListPage(rows, page, keyset);
  }

  /**
   * The default address of a customer (`defaultAddress` on both APIs): the first of its addresses, read for every
   * customer of a request at once (with `addresses(first: 1)` when that is asked too).
   */
  async defaultAddress(ctx: RequestContext, customerId: number): Promise<AddressRecord | null> {
    const [first] = await this.addresses(ctx, customerId, 1);
    return first?.isDefault ? first : null;
  }

  private loader(ctx: RequestContext): DataLoader<number, CustomerDetailRecord | null> {
    return requestScoped(ctx, 'customers:directory:customer', () =>
      new DataLoader<number, CustomerDetailRecord | null>(
        async (ids) => {
          const valid = [...new Set(ids.filter(Number.isSafeInteger))];
          const rows = valid.length === 0 ? [] : await this.sql.rows<CustomerRow>(ctx, statements.byIds, [ctx.shop.id, valid]);
          const found = new Map((await this.details(ctx, rows)).map((d) => [d.id, d]));
          return ids.map((id) => found.get(id) ?? null);
        },
        { cache: false },
      ),
    );
  }

  // A page of customers with what each shows of its addresses: two statements, whatever the page's size.
  private async page(ctx: RequestContext, statement: SqlStatement, params: SqlParams, page: PageRequest, keyset: KeysetPlan): Promise<ListPage<CustomerDetailRecord>> {
    const rows = await this.sql.rows<CustomerRow>(ctx, statement, [ctx.shop.id, page.size + 1, ...params.values]);
    const shown = await this.shownAddresses(ctx, rows.slice(0, page.size).map((r) => r.id));
    return cutPage(
      rows,
      page,
      (row) => keyset.cursorOf(row),
      (row) => detailRecord(row, shown.get(row.id)),
    );
  }

  private async details(ctx: RequestContext, rows: CustomerRow[]): Promise<CustomerDetailRecord[]> {
    const shown = await this.shownAddresses(ctx, rows.map((r) => r.id));
    return rows.map((row) => detailRecord(row, shown.get(row.id)));
  }

  // The ten most recently updated addresses and the default of each customer, in one statement.
  private async shownAddresses(ctx: RequestContext, customerIds: number[]): Promise<Map<number, ShownAddresses>> {
    const shown = new Map<number, ShownAddresses>();
    if (customerIds.length === 0) return shown;
    const rows = await this.sql.rows<AddressRow>(ctx, statements.shownAddresses, [ctx.shop.id, customerIds]);
    for (const row of rows) {
      let entry = shown.get(row.customerId);
      if (!entry) shown.set(row.customerId, (entry = { addresses: [], defaultAddress: null }));
      const address = addressRecord(row);
      if (row.rn <= 10) entry.addresses.push(address);
      if (address.isDefault) entry.defaultAddress = address;
    }
    return shown;
  }
}

function detailRecord(row: CustomerRow, shown: ShownAddresses | undefined): CustomerDetailRecord {
  const { sortValue: _sortValue, ...customer } = row;
  return { ...customer, addresses: shown?.addresses ?? [], defaultAddress: shown?.defaultAddress ?? null };
}

function summaryRecord(row: CustomerRow): CustomerSummaryRecord {
  const { sortValue: _sortValue, ...customer } = row;
  return customer;
}

/**
 * REST search and admin GraphQL `customers(query:, sortKey:, reverse:)`: the hosted search syntax (CUSTOMER_SEARCH),
 * sorted by `sort` with ties broken by id, reversed by `sort.reverse` or the page's `reverse`. Cursors belong to
 * the sort key (`customerSearchScope`).
 */
function searchStatement(query: string | null, sort: CustomerSort, page: PageRequest) {
  // $1 shop, $2 limit; the filter, the rank (when the sort uses it) and the cursor add theirs.
  const params = new SqlParams(2);
  const search = searchSql(CUSTOMER_SEARCH, query, params);
  const spec = customerSortSpec(sort.key, search.rankQuery);
  const walk: PageRequest = { ...page, reverse: page.reverse || sort.reverse };
  const keyset = keysetPlan(customerSearchScope(sort.key), spec, walk, 'c.id', params);
  const text = customerPageSql({
    sortExpression: spec.expression,
    where: [search.where && `(${search.where})`, keyset.after].filter(Boolean),
    orderBy: keyset.orderBy,
    joinDefaultAddress: sort.key === 'LOCATION',
  });
  // Filtered shapes vary without bound, so only unfiltered searches become prepared statements.
  return { statement: search.where ? { text } : preparedSql(text), params, walk, keyset };
}

function addressRecord(row: AddressRow): AddressRecord {
  const { rn: _rn, ...address } = row;
  return address;
}

function groupByCustomer(rows: AddressRow[]): Map<number, AddressRecord[]> {
  const groups = new Map<number, AddressRecord[]>();
  for (const row of rows) {
    const list = groups.get(row.customerId);
    if (list) list.push(addressRecord(row));
    else groups.set(row.customerId, [addressRecord(row)]);
  }
  return groups;
}

// The REST list's filters as conditions on `c`, their values added to `params`.
function listConditions(filters: CustomerListFilters, params: SqlParams): string[] {
  const where: string[] = [];
  if (filters.ids !== undefined) {
    if (filters.ids.length > MAX_IDS || !filters.ids.every(Number.isSafeInteger)) throw invalidFilter('ids');
    where.push(`c.id = any(${params.add(filters.ids)}::bigint[])`);
  }
  if (filters.sinceId !== undefined) {
    if (!Number.isSafeInteger(filters.sinceId)) throw invalidFilter('since_id');
    where.push(`c.id > ${params.add(filters.sinceId)}::bigint`);
  }
  const dates = [
    ['created_at', '>=', filters.createdAtMin, 'created_at_min'],
    ['created_at', '<=', filters.createdAtMax, 'created_at_max'],
    ['updated_at', '>=', filters.updatedAtMin, 'updated_at_min'],
    ['updated_at', '<=', filters.updatedAtMax, 'updated_at_max'],
  ] as const;
  for (const [column, comparison, date, name] of dates) {
    if (date === undefined) continue;
    // Years Postgres and ISO 8601 both read (toISOString writes others as `+010000-…`).
    if (!(date instanceof Date) || !(date.getUTCFullYear() >= 1 && date.getUTCFullYear() <= 9999)) throw invalidFilter(name);
    where.push(`c.${column} ${comparison} ${params.add(date.toISOString())}::timestamptz`);
  }
  return where;
}

function invalidFilter(name: string) {
  return CustomerErrors.INVALID(`${name} is invalid`, { field: name });
}

// NUL cannot reach Postgres as text; the rest of the query is the lenient parser's to read.
function isLookupText(text: string): boolean {
  return text.length > 0 && text.length <= 1_000 && !text.includes('\u0000');
}
