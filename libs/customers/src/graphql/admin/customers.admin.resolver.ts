import { Args, ID, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { DomainError } from '@platform/errors';
import { AdminCount, BoundedList, connectionOf, pageOf } from '@platform/graphql-types';
import { listSize } from '@platform/paging';
import { requireGlobalId } from '@platform/ids';
import { AdminHasMetafieldsFields, AdminMetafield, AdminMetafieldArgs, AdminMetafieldConnection, AdminMetafieldsArgs } from '@platform/metafields';
import { Ctx, FieldArgs, type GraphqlContextValue, type NoArgs, type RequestContext, RequiresScope } from '@platform/request';
import { CustomerDirectoryService } from '../../customer-directory.service.js';
import { MAX_CUSTOMER_ADDRESSES } from '../../customer-input.rules.js';
import { CustomerAddressesArgs, CustomerIdentifierInput, CustomersArgs, CustomersCountArgs } from './customer.args.js';
import { adminAddressView, adminCustomerView } from './customer.presenter.js';
import { AdminCustomer, AdminCustomerConnection, AdminMailingAddress } from './customer.type.js';

const READ = 'read_customers';

@Resolver(() => AdminCustomer)
export class CustomersAdminResolver {
  constructor(
    private readonly directory: CustomerDirectoryService,
    private readonly metafieldsOf: AdminHasMetafieldsFields,
  ) {}

  @RequiresScope(READ)
  @Query(() => AdminCustomerConnection, { description: 'The shop\'s customers, searched and sorted.' })
  async customers(@Ctx() ctx: RequestContext, @Args() args: CustomersArgs) {
    const page = pageOf(args);
    return connectionOf(await this.directory.searchSummaries(ctx, args.query ?? null, { key: args.sortKey, reverse: page.reverse }, page), adminCustomerView);
  }

  @RequiresScope(READ)
  @Query(() => AdminCustomer, { nullable: true, description: 'The customer with this global id; null when the shop has none.' })
  async customer(@Ctx() ctx: RequestContext, @Args('id', { type: () => ID }) id: string) {
    const record = await this.directory.customer(ctx, requireGlobalId(id, 'Customer'));
    return record && adminCustomerView(record);
  }

  @RequiresScope(READ)
  @Query(() => AdminCount, { nullable: true, description: 'How many customers match the search (every customer without one).' })
  async customersCount(@Ctx() ctx: RequestContext, @Args() args: CustomersCountArgs) {
    return { count: await this.directory.searchCount(ctx, args.query ?? null), precision: 'EXACT' };
  }

  @RequiresScope(READ)
  @Query(() => AdminCustomer, { nullable: true, description: 'The customer with this email address or phone number.' })
  async customerByIdentifier(@Ctx() ctx: RequestContext, @Args('identifier') identifier: CustomerIdentifierInput) {
    const given = [identifier.emailAddress, identifier.phoneNumber].filter((v) => v !== undefined && v !== null);
    if (given.length !== 1) throw new DomainError('UNPROCESSABLE', 'Provide exactly one of emailAddress or phoneNumber.', { field: 'identifier' });
    const record = await this.directory.byIdentifier(ctx, { emailAddress: identifier.emailAddress, phoneNumber: identifier.phoneNumber });
    return record && adminCustomerView(record);
  }

  // Both read every customer's addresses of a level in one statement; a page of customers is one field call each,
  // so they take graphql-js' signature (docs/architecture.md, "Writing resolvers for hot paths").
  @BoundedList({ max: MAX_CUSTOMER_ADDRESSES, sizedBy: 'first' })
  @ResolveField(() => [AdminMailingAddress], { description: "The customer's addresses, the default first, then the most recently updated." })
  async addresses(customer: AdminCustomer, @FieldArgs() args: CustomerAddressesArgs, { ctx }: GraphqlContextValue): Promise<AdminMailingAddress[]> {
    return (await this.directory.addresses(ctx, customer.record.id, listSize(args.first) ?? null)).map(adminAddressView);
  }

  @ResolveField(() => AdminMailingAddress, { nullable: true, description: "The customer's default address." })
  async defaultAddress(customer: AdminCustomer, _args: NoArgs, { ctx }: GraphqlContextValue): Promise<AdminMailingAddress | null> {
    // A customer read or written alone came with its default; a page's customers did not.
    const { record } = customer;
    const address = 'defaultAddress' in record ? record.defaultAddress : await this.directory.defaultAddress(ctx, record.id);
    return address && adminAddressView(address);
  }

  // The metafields context keeps them and makes their view.
  @RequiresScope(READ)
  @ResolveField(() => AdminMetafieldConnection, { description: "The customer's metafields, in the order they were created; narrowed by `namespace` or `keys` (`namespace.key`)." })
  metafields(@Ctx() ctx: RequestContext, @Parent() customer: AdminCustomer, @Args() args: AdminMetafieldsArgs) {
    return this.metafieldsOf.metafields(ctx, 'CUSTOMER', customer.record.id, args);
  }

  @RequiresScope(READ)
  @ResolveField(() => AdminMetafield, { nullable: true, description: 'The customer\'s metafield with this namespace and key; null when it has none.' })
  metafield(@Ctx() ctx: RequestContext, @Parent() customer: AdminCustomer, @Args() args: AdminMetafieldArgs) {
    return this.metafieldsOf.metafield(ctx, 'CUSTOMER', customer.record.id, args);
  }
}
