import { Args, ID, Mutation, Resolver } from '@nestjs/graphql';
import { idOfType, toGlobalId } from '@platform/ids';
import { Ctx, type RequestContext, RequiresScope } from '@platform/request';
import { CustomersService } from '../../customers.service.js';
import {
  AdminCustomerInput,
  AdminEmailInput,
  CustomerDeleteInput,
  CustomerEmailMarketingConsentUpdateInput,
  CustomerSmsMarketingConsentUpdateInput,
} from './customer.args.js';
import { consentOf, customerInputOf, noSuchCustomer } from './customer-input.js';
import {
  CustomerCreatePayload,
  CustomerDeletePayload,
  CustomerEmailMarketingConsentUpdatePayload,
  CustomerGenerateAccountActivationUrlPayload,
  CustomerSendAccountInviteEmailPayload,
  CustomerSmsMarketingConsentUpdatePayload,
  CustomerUpdatePayload,
} from './customer-mutations.type.js';
import { adminCustomerView, consentUserErrors, inviteUserErrors, userErrors } from './customer.presenter.js';

const WRITE = 'write_customers';

// An id that names no customer of this shop (malformed, another type, another shop's) is answered like an
// unknown one: a userError, nothing written.
@Resolver()
export class CustomerMutationsAdminResolver {
  constructor(private readonly customers: CustomersService) {}

  @RequiresScope(WRITE)
  @Mutation(() => CustomerCreatePayload, { nullable: true, description: 'Creates a customer (state DISABLED until they activate an account).' })
  async customerCreate(@Ctx() ctx: RequestContext, @Args('input') input: AdminCustomerInput) {
    const mapped = customerInputOf(input);
    const result = mapped.problems.length > 0 ? { customer: null, problems: mapped.problems } : await this.customers.create(ctx, mapped.input);
    return { customer: result.customer && adminCustomerView(result.customer), userErrors: userErrors(result.problems, 'input') };
  }

  @RequiresScope(WRITE)
  @Mutation(() => CustomerUpdatePayload, { nullable: true, description: 'Changes the fields the input sets of the customer `input.id`.' })
  async customerUpdate(@Ctx() ctx: RequestContext, @Args('input') input: AdminCustomerInput) {
    const id = idOfType(input.id, 'Customer');
    const mapped = customerInputOf(input);
    const problems = id === null ? [noSuchCustomer(), ...mapped.problems] : mapped.problems;
    const result = id === null || problems.length > 0 ? { customer: null, problems } : await this.customers.update(ctx, id, mapped.input);
    return { customer: result.customer && adminCustomerView(result.customer), userErrors: userErrors(result.problems, 'input') };
  }

  @RequiresScope(WRITE)
  @Mutation(() => CustomerDeletePayload, { nullable: true, description: 'Deletes a customer who has no orders.' })
  async customerDelete(@Ctx() ctx: RequestContext, @Args('input') input: CustomerDeleteInput) {
    const id = idOfType(input.id, 'Customer');
    const result = id === null ? { deletedId: null, problems: [noSuchCustomer()] } : await this.customers.delete(ctx, id);
    return { deletedCustomerId: result.deletedId === null ? null : toGlobalId('Customer', result.deletedId), userErrors: userErrors(result.problems, 'input') };
  }

  @RequiresScope(WRITE)
  @Mutation(() => CustomerGenerateAccountActivationUrlPayload, { nullable: true, description: 'A one-time account activation URL for a customer whose account is not enabled.' })
  async customerGenerateAccountActivationUrl(@Ctx() ctx: RequestContext, @Args('customerId', { type: () => ID }) customerId: string) {
    const id = idOfType(customerId, 'Customer');
    const result = id === null ? { url: null, problems: [noSuchCustomer()] } : await this.customers.activationUrl(ctx, id);
    return { accountActivationUrl: result.url, userErrors: userErrors(result.problems, undefined, ['customerId']) };
  }

  @RequiresScope(WRITE)
  @Mutation(() => CustomerSendAccountInviteEmailPayload, { nullable: true, description: 'Emails the customer an account invite with a new activation URL.' })
  async customerSendAccountInviteEmail(
    @Ctx() ctx: RequestContext,
    @Args('customerId', { type: () => ID }) customerId: string,
    @Args('email', { type: () => AdminEmailInput, nullable: true }) email: AdminEmailInput | null,
  ) {
    const id = idOfType(customerId, 'Customer');
    const result = id === null ? { customer: null, problems: [noSuchCustomer()] } : await this.customers.sendInvite(ctx, id, email ?? {});
    return { customer: result.customer && adminCustomerView(result.customer), userErrors: inviteUserErrors(result.problems) };
  }

  @RequiresScope(WRITE)
  @Mutation(() => CustomerEmailMarketingConsentUpdatePayload, { nullable: true, description: "Changes the customer's email marketing consent (the customer needs an email address)." })
  async customerEmailMarketingConsentUpdate(@Ctx() ctx: RequestContext, @Args('input') input: CustomerEmailMarketingConsentUpdateInput) {
    const id = idOfType(input.customerId, 'Customer');
    const result = id === null ? { customer: null, problems: [noSuchCustomer()] } : await this.customers.updateEmailMarketingConsent(ctx, id, consentOf(input.emailMarketingConsent));
    return { customer: result.customer && adminCustomerView(result.customer), userErrors: consentUserErrors(result.problems) };
  }

  @RequiresScope(WRITE)
  @Mutation(() => CustomerSmsMarketingConsentUpdatePayload, { nullable: true, description: "Changes the customer's SMS marketing consent." })
  async customerSmsMarketingConsentUpdate(@Ctx() ctx: RequestContext, @Args('input') input: CustomerSmsMarketingConsentUpdateInput) {
    const id = idOfType(input.customerId, 'Customer');
    const result = id === null ? { customer: null, problems: [noSuchCustomer()] } : await this.customers.updateSmsMarketingConsent(ctx, id, consentOf(input.smsMarketingConsent));
    return { customer: result.customer && adminCustomerView(result.customer), userErrors: consentUserErrors(result.problems) };
  }
}
