import { Injectable } from '@nestjs/common';
import type { ListPage, PageRequest } from '@platform/graphql';
import type { RequestContext } from '@platform/request';
import type { CustomerIdentifier, CustomerListFilters, CustomerSort } from './customer.inputs.js';
import type { AddressRecord, CustomerDetailRecord } from './customer.records.js';

/**
 * The merchant's reads of customers (REST and admin GraphQL): one customer, filtered lists, search with the
 * hosted syntax, counts. Every list reads its page's addresses for all its customers in one statement.
 */
@Injectable()
export class CustomerDirectoryService {
  /** One customer of the shop, or null. */
  async customer(ctx: RequestContext, id: number): Promise<CustomerDetailRecord | null> {
    throw new Error(`not built yet: customer ${ctx.shop.id} ${id}`);
  }

  /** REST list: id order, the filters of spec 3. */
  async list(ctx: RequestContext, filters: CustomerListFilters, page: PageRequest): Promise<ListPage<CustomerDetailRecord>> {
    throw new Error(`not built yet: list ${ctx.shop.id} ${Object.keys(filters).length} ${page.size}`);
  }

  /** REST count: the list's filters. */
  async count(ctx: RequestContext, filters: CustomerListFilters): Promise<number> {
    throw new Error(`not built yet: count ${ctx.shop.id} ${Object.keys(filters).length}`);
  }

  /** REST search and admin GraphQL `customers(query:, sortKey:, reverse:)`: the hosted search syntax. */
  async search(ctx: RequestContext, query: string | null, sort: CustomerSort, page: PageRequest): Promise<ListPage<CustomerDetailRecord>> {
    throw new Error(`not built yet: search ${ctx.shop.id} ${query} ${sort.key} ${page.size}`);
  }

  /** `customersCount(query:)`. */
  async searchCount(ctx: RequestContext, query: string | null): Promise<number> {
    throw new Error(`not built yet: searchCount ${ctx.shop.id} ${query}`);
  }

  /** `customerByIdentifier`: by email (case-insensitive) or phone (normalised to E.164). */
  async byIdentifier(ctx: RequestContext, identifier: CustomerIdentifier): Promise<CustomerDetailRecord | null> {
    throw new Error(`not built yet: byIdentifier ${ctx.shop.id} ${Object.keys(identifier).length}`);
  }

  /** Customers by id, for loaders (node, nodes): in the order asked, null where the shop has none. */
  async customersByIds(ctx: RequestContext, ids: readonly number[]): Promise<(CustomerDetailRecord | null)[]> {
    throw new Error(`not built yet: byIds ${ctx.shop.id} ${ids.length}`);
  }

  /** Every address of a customer (admin GraphQL `addresses(first:)`), the default first, then newest. */
  async addresses(ctx: RequestContext, customerId: number, first: number | null): Promise<AddressRecord[]> {
    throw new Error(`not built yet: addresses ${ctx.shop.id} ${customerId} ${first}`);
  }
}
