// The cart context's public door: modules, services, the records and inputs they take and return, error codes.
export { CartModule } from './cart.module.js';
export { CartStorefrontApiModule } from './cart-storefront-api.module.js';
export { CartPagesApiModule } from './cart-pages-api.module.js';
export { CartsService } from './carts.service.js';
export { CartsStorefrontService } from './carts-storefront.service.js';
export { CartErrors, type CartError, type CartErrorCode } from './cart.errors.js';
export type { CartBuyerIdentityInput, CartInput, CartLineInput, CartLineUpdateInput, NewDiscountCode } from './cart.inputs.js';
export type { CartAttribute, CartCost, CartLineRecord, CartRecord, CartResult, CartSummary, CartWarning, CartWarningCode, DiscountRecord, DiscountRefusal } from './cart.records.js';
export type { DiscountValueType } from './discount-code.entity.js';
export { DiscountCodesService } from './discount-codes.service.js';
export { cartGid, parseCartId } from './cart.rules.js';
export { VisitorConsentService } from './visitor-consent.service.js';
export { VISITOR_CONSENT_PARAMETER, type VisitorConsent } from './visitor-consent.rules.js';
