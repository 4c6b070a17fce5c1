// Test data of the customers context (`@platform/customers/testing`); production code never imports it.
export { createCustomerAccessToken, type CreatedAccessToken } from './customer-access-token.factory.js';
export { createCustomer, type CustomerTraits } from './customer.factory.js';
