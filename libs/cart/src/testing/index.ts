// Test data of the cart context (`@platform/cart/testing`); production code never imports it.
export { createCart, type CartTraits, type CreatedCart } from './cart.factory.js';
export { createDiscountCode, discountRecord, type DiscountCodeTraits } from './discount-code.factory.js';
