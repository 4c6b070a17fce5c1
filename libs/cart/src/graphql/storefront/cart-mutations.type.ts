import { Field, ObjectType } from '@nestjs/graphql';
import { BoundedList, MAX_USER_ERRORS, StorefrontSchema } from '@platform/graphql-types';
import { CartUserError, CartWarning, StorefrontCart } from './cart.type.js';

// Every cart mutation answers the same payload shape under its own name, as the hosted schema does.
function payload(name: string) {
  @ObjectType(name, { registerIn: () => StorefrontSchema })
  class CartPayload {
    @Field(() => StorefrontCart, { nullable: true, description: 'The cart after the change (null when nothing changed).' })
    cart!: StorefrontCart | null;

    @BoundedList({ max: MAX_USER_ERRORS, withParent: true })
    @Field(() => [CartUserError])
    userErrors!: CartUserError[];

    @BoundedList({ max: MAX_USER_ERRORS, withParent: true })
    @Field(() => [CartWarning])
    warnings!: CartWarning[];
  }
  return CartPayload;
}

export const CartCreatePayload = payload('CartCreatePayload');
export const CartLinesAddPayload = payload('CartLinesAddPayload');
export const CartLinesUpdatePayload = payload('CartLinesUpdatePayload');
export const CartLinesRemovePayload = payload('CartLinesRemovePayload');
export const CartBuyerIdentityUpdatePayload = payload('CartBuyerIdentityUpdatePayload');
export const CartNoteUpdatePayload = payload('CartNoteUpdatePayload');
export const CartAttributesUpdatePayload = payload('CartAttributesUpdatePayload');
export const CartDiscountCodesUpdatePayload = payload('CartDiscountCodesUpdatePayload');

/** What every cart payload holds. */
export interface CartPayloadValue {
  cart: StorefrontCart | null;
  userErrors: CartUserError[];
  warnings: CartWarning[];
}
