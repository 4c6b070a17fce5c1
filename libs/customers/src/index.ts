export { type AccountInput } from './customer-account.rules.js';
export { CustomerAccountsService } from './customer-accounts.service.js';
export type { CustomerOrderStats, CustomerRef, ImportedCustomer, NewCustomer, NewCustomerAddress } from './customer-import.types.js';
export { hashPassword, verifyPassword } from './customer-password.js';
export type { AccessTokenDeletion, AccessTokenResult, AccountResult, AddressRecord, CustomerRecord, IssuedAccessToken } from './customer-records.js';
export type { CustomerState, EmailMarketingConsent, MarketingOptInLevel, MarketingState } from './customer.entity.js';
export { CustomersStorefrontApiModule } from './customers-storefront-api.module.js';
/** The storefront's `Customer` type, for the fields other contexts add to it (`Customer.orders`). */
export { StorefrontCustomer } from './graphql/storefront/customer.type.js';
export { CustomerErrors, type CustomerError, type CustomerErrorCode } from './customers.errors.js';
export { CustomersModule } from './customers.module.js';
export { CustomersService } from './customers.service.js';
