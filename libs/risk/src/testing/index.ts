// Test data of the risk context (`@platform/risk/testing`); production code never imports it.
export { createOrderRisk, type OrderRiskTraits } from './order-risk.factory.js';
