import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { Ctx, type RequestContext, RequiresScope } from '@platform/request';
import { CustomerAccountsService } from '../../customer-accounts.service.js';
import { CustomerAccessTokenCreateInput, CustomerCreateInput, CustomerUpdateInput } from './customer.args.js';
import {
  CustomerAccessTokenCreatePayload,
  CustomerAccessTokenDeletePayload,
  CustomerAccessTokenRenewPayload,
  CustomerCreatePayload,
  CustomerUpdatePayload,
} from './customer-mutations.type.js';
import {
  accessTokenCreatePayload,
  accessTokenDeletePayload,
  accessTokenRenewPayload,
  customerCreatePayload,
  customerUpdatePayload,
} from './customer.presenter.js';

const WRITE = 'unauthenticated_write_customers';

@Resolver()
export class CustomerAccountsStorefrontResolver {
  constructor(private readonly accounts: CustomerAccountsService) {}

  @RequiresScope(WRITE)
  @Mutation(() => CustomerAccessTokenCreatePayload, { nullable: true, description: 'Logs a customer in with email and password.' })
  async customerAccessTokenCreate(@Ctx() ctx: RequestContext, @Args('input') input: CustomerAccessTokenCreateInput) {
    return accessTokenCreatePayload(await this.accounts.logIn(ctx, input.email, input.password));
  }

  @RequiresScope(WRITE)
  @Mutation(() => CustomerAccessTokenRenewPayload, { nullable: true, description: 'Extends a token that has not expired yet.' })
  async customerAccessTokenRenew(@Ctx() ctx: RequestContext, @Args('customerAccessToken') customerAccessToken: string) {
    return accessTokenRenewPayload(await this.accounts.renewAccessToken(ctx, customerAccessToken));
  }

  @RequiresScope(WRITE)
  @Mutation(() => CustomerAccessTokenDeletePayload, { nullable: true, description: 'Logs a customer out: the token stops working.' })
  async customerAccessTokenDelete(@Ctx() ctx: RequestContext, @Args('customerAccessToken') customerAccessToken: string) {
    return accessTokenDeletePayload(await this.accounts.deleteAccessToken(ctx, customerAccessToken));
  }

  @RequiresScope(WRITE)
  @Mutation(() => CustomerCreatePayload, { nullable: true, description: 'Creates a customer account.' })
  async customerCreate(@Ctx() ctx: RequestContext, @Args('input') input: CustomerCreateInput) {
    return customerCreatePayload(await this.accounts.signUp(ctx, input));
  }

  @RequiresScope(WRITE)
  @Mutation(() => CustomerUpdatePayload, { nullable: true, description: "Changes the customer's details; a new password returns a new token." })
  async customerUpdate(
    @Ctx() ctx: RequestContext,
    @Args('customerAccessToken') customerAccessToken: string,
    @Args('customer') customer: CustomerUpdateInput,
  ) {
    return customerUpdatePayload(await this.accounts.updateAccount(ctx, customerAccessToken, customer));
  }
}
