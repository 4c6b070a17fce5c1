export { createCharge } from './ledger.factory.js';
