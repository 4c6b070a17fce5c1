export { CustomerAddress } from './customer-address.entity.js';
export type { CustomerOrderStats, CustomerRef, ImportedCustomer, NewCustomer, NewCustomerAddress } from './customer-import.types.js';
export { hashPassword, verifyPassword } from './customer-password.js';
export {
  CUSTOMER_STATES,
  Customer,
  MARKETING_OPT_IN_LEVELS,
  MARKETING_STATES,
  type CustomerState,
  type EmailMarketingConsent,
  type MarketingOptInLevel,
  type MarketingState,
} from './customer.entity.js';
export { CustomersModule } from './customers.module.js';
export { CustomersService } from './customers.service.js';
