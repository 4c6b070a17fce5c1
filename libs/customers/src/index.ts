export { CustomerAccountsService } from './customer-accounts.service.js';
export type { AccountInput, CustomerOrderStats, NewCustomer, NewCustomerAddress } from './customer.inputs.js';
export { hashPassword, verifyPassword } from './customer-password.js';
export type {
  AccessTokenDeletion,
  AccessTokenResult,
  AccountResult,
  AddressRecord,
  CustomerRecord,
  CustomerRef,
  ImportedCustomer,
  IssuedAccessToken,
} from './customer.records.js';
export type { CustomerState, EmailMarketingConsent, MarketingOptInLevel, MarketingState } from './customer.entity.js';
export { CustomersStorefrontApiModule } from './customers-storefront-api.module.js';
/** The storefront's `Customer` type, for the fields other contexts add to it (`Customer.orders`). */
export { StorefrontCustomer } from './graphql/storefront/customer.type.js';
export { CustomerErrors, type CustomerError, type CustomerErrorCode } from './customers.errors.js';
export { CustomersModule } from './customers.module.js';
export { CustomersService } from './customers.service.js';
