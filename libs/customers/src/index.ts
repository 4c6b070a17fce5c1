export { CustomerAccountsService } from './customer-accounts.service.js';
export {
  CUSTOMER_SORT_KEYS,
  type AccountInput,
  type CustomerAddressInput,
  type CustomerIdentifier,
  type CustomerInput,
  type CustomerInviteInput,
  type CustomerListFilters,
  type CustomerMetafieldInput,
  type CustomerOrderStats,
  type CustomerSort,
  type CustomerSortKey,
  type MarketingConsentInput,
  type NewCustomer,
  type NewCustomerAddress,
  type SmsMarketingConsentInput,
} from './customer.inputs.js';
export { hashPassword, verifyPassword } from './customer-password.js';
export type {
  AccessTokenDeletion,
  AccessTokenResult,
  AccountResult,
  ActivationUrlResult,
  AddressRecord,
  CustomerDeletion,
  CustomerDetailRecord,
  CustomerInviteRecord,
  CustomerInviteResult,
  CustomerRecord,
  CustomerSummaryRecord,
  CustomerWriteResult,
  CustomerRef,
  ImportedCustomer,
  IssuedAccessToken,
} from './customer.records.js';
export type { CustomerState, EmailMarketingConsent, MarketingOptInLevel, MarketingState, SmsMarketingConsent } from './customer.entity.js';
export { CustomerDirectoryService } from './customer-directory.service.js';
export { customerSearchCursor, customerSearchScope, customerSortOf } from './customer-search.rules.js';
export { CustomersRestApiModule } from './customers-rest-api.module.js';
export { CustomersAdminApiModule } from './customers-admin-api.module.js';
export { CustomersPagesApiModule } from './customers-pages-api.module.js';
export { CustomersStorefrontApiModule } from './customers-storefront-api.module.js';
/** The admin `Customer` type, for the fields other contexts add to it (`Customer.orders`, `Customer.lastOrder`). */
export { AdminCustomer } from './graphql/admin/customer.type.js';
/** The admin schema's `UserError` (with our `code`), for other contexts' mutations that answer it (orders' refundCreate). */
/** The storefront's `Customer` type, for the fields other contexts add to it (`Customer.orders`). */
export { StorefrontCustomer } from './graphql/storefront/customer.type.js';
export { CustomerErrors, type CustomerError, type CustomerErrorCode } from './customers.errors.js';
export { CustomersModule } from './customers.module.js';
export { CustomersService } from './customers.service.js';
