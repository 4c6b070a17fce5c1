import { type DomainError, type ErrorCodeOf, defineErrors } from '@platform/errors';

/**
 * Every code the cart context reports. All are problems with the caller's input: cart mutations answer them as
 * userErrors and write nothing.
 */
export const CartErrors = defineErrors({
  /** A cart id that is malformed, unknown, of another shop, expired, or with a wrong key. */
  CART_NOT_FOUND: 'UNPROCESSABLE',
  /** A cart whose checkout completed: it takes no more changes. */
  CART_COMPLETED: 'UNPROCESSABLE',
  /** A merchandise id that names no published variant of this shop. */
  MERCHANDISE_NOT_FOUND: 'UNPROCESSABLE',
  SOLD_OUT: 'UNPROCESSABLE',
  INVALID_QUANTITY: 'UNPROCESSABLE',
  QUANTITY_TOO_LARGE: 'UNPROCESSABLE',
  /** A line id that is not one of this cart's lines. */
  LINE_NOT_FOUND: 'UNPROCESSABLE',
  TOO_MANY_LINES: 'UNPROCESSABLE',
  NOTE_TOO_LONG: 'UNPROCESSABLE',
  INVALID: 'UNPROCESSABLE',
  INVALID_CUSTOMER_ACCESS_TOKEN: 'UNPROCESSABLE',
});
export type CartErrorCode = ErrorCodeOf<typeof CartErrors>;
export type CartError = DomainError<CartErrorCode>;

export function cartNotFound(field = 'cartId'): CartError {
  return CartErrors.CART_NOT_FOUND('The specified cart does not exist.', { field });
}

export function cartCompleted(field = 'cartId'): CartError {
  return CartErrors.CART_COMPLETED('The cart has already been completed and cannot be changed.', { field });
}
