import { Args, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { MAX_ADDRESS_LINES, formattedAddress } from '@platform/contact';
import { BoundedList, ConnectionArgs, connectionOf, pageOf } from '@platform/graphql-types';
import { Ctx, type RequestContext, RequiresScope } from '@platform/request';
import { CustomerAccountsService } from '../../customer-accounts.service.js';
import { CustomerDirectoryService } from '../../customer-directory.service.js';
import { MailingAddressFormattedArgs } from './customer.args.js';
import { StorefrontCustomer, StorefrontMailingAddress, StorefrontMailingAddressConnection } from './customer.type.js';
import { customerView, mailingAddressView } from './customer.presenter.js';
import { MAX_TAGS } from '@platform/errors';

const READ = 'unauthenticated_read_customers';

@Resolver(() => StorefrontCustomer)
export class CustomersStorefrontResolver {
  constructor(
    private readonly accounts: CustomerAccountsService,
    private readonly directory: CustomerDirectoryService,
  ) {}

  @RequiresScope(READ)
  @Query(() => StorefrontCustomer, { nullable: true, description: 'The customer a `customerAccessToken` belongs to; null when the token is unknown or expired.' })
  async customer(@Ctx() ctx: RequestContext, @Args('customerAccessToken') customerAccessToken: string) {
    const record = await this.accounts.customerByAccessToken(ctx, customerAccessToken);
    return record && customerView(record);
  }

  @RequiresScope('unauthenticated_read_customer_tags')
  @BoundedList({ max: MAX_TAGS, withParent: true })
  @ResolveField(() => [String], { description: "The customer's tags (tokens need `unauthenticated_read_customer_tags`)." })
  tags(@Ctx() ctx: RequestContext, @Parent() customer: StorefrontCustomer) {
    return customer.record.tags;
  }

  @ResolveField(() => StorefrontMailingAddress, { nullable: true })
  async defaultAddress(@Ctx() ctx: RequestContext, @Parent() customer: StorefrontCustomer) {
    const address = await this.directory.defaultAddress(ctx, customer.record.id);
    return address && mailingAddressView(address);
  }

  @ResolveField(() => StorefrontMailingAddressConnection)
  async addresses(@Ctx() ctx: RequestContext, @Parent() customer: StorefrontCustomer, @Args() args: ConnectionArgs) {
    return connectionOf(await this.directory.addressPage(ctx, customer.record.id, pageOf(args)), mailingAddressView);
  }
}

@Resolver(() => StorefrontMailingAddress)
export class MailingAddressesStorefrontResolver {
  @BoundedList({ max: MAX_ADDRESS_LINES, withParent: true })
  @ResolveField(() => [String], { description: 'The address as printed lines.' })
  formatted(@Parent() address: StorefrontMailingAddress, @Args() args: MailingAddressFormattedArgs) {
    return formattedAddress(address.record, args);
  }
}
