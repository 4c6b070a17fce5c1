// Test data of the orders context (`@platform/orders/testing`); production code never imports it.
export { createOrder, type OrderTraits } from './order.factory.js';
