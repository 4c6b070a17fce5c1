import { Args, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { CustomerAccountsService, StorefrontCustomer } from '@platform/customers';
import { Attribute, BoundedList, ConnectionArgs, NodeRegistry, connectionOf, pageOf } from '@platform/graphql-types';
import { pageOfList } from '@platform/paging';
import { toGlobalId } from '@platform/ids';
import { Ctx, type GraphqlContextValue, type MaybePromise, type NoArgs, type RequestContext, RequiresScope, whenReady } from '@platform/request';
import { CartsStorefrontService } from '../../carts-storefront.service.js';
import { CartsService } from '../../carts.service.js';
import { VisitorConsentService } from '../../visitor-consent.service.js';
import { VISITOR_CONSENT_PARAMETER } from '../../visitor-consent.rules.js';
import type { CartCost, CartRecord, CartResult } from '../../cart.records.js';
import { MAX_DISCOUNT_CODES } from '../../cart.rules.js';
import {
  CartAttributesUpdateArgs,
  CartBuyerIdentityUpdateArgs,
  CartCreateArgs,
  CartDiscountCodesUpdateArgs,
  CartLinesAddArgs,
  CartLinesRemoveArgs,
  CartLinesUpdateArgs,
  CartNoteUpdateArgs,
  CartArgs,
  CartLineAttributeArgs,
} from './cart.args.js';
import {
  CartAttributesUpdatePayload,
  CartBuyerIdentityUpdatePayload,
  CartCreatePayload,
  CartDiscountCodesUpdatePayload,
  CartLinesAddPayload,
  CartLinesRemovePayload,
  CartLinesUpdatePayload,
  CartNoteUpdatePayload,
  type CartPayloadValue,
} from './cart-mutations.type.js';
import { cartCostView, cartLineView, cartPayload, cartView, discountCodesView } from './cart.presenter.js';
import { CartBuyerIdentity, CartDiscountCode, Merchandise, StorefrontCart, StorefrontCartCost, StorefrontCartLine, StorefrontCartLineConnection } from './cart.type.js';

const READ = 'unauthenticated_read_checkouts';
const WRITE = 'unauthenticated_write_checkouts';
const LINES = { connection: 'cart.lines', sortKey: 'ID' };

@Resolver(() => StorefrontCart)
export class CartsStorefrontResolver {
  constructor(
    private readonly carts: CartsService,
    private readonly writes: CartsStorefrontService,
    private readonly consent: VisitorConsentService,
  ) {}

  @RequiresScope(READ)
  @Query(() => StorefrontCart, { nullable: true, description: 'A cart by its id (with its key); null once completed or expired.' })
  async cart(@Ctx() ctx: RequestContext, @Args() args: CartArgs) {
    const record = await this.carts.cartById(ctx, args.id);
    return record && !record.completedAt ? cartView(record, await this.checkoutUrl(ctx, record)) : null;
  }

  @RequiresScope(WRITE)
  @Mutation(() => CartCreatePayload, { nullable: true, description: 'Creates a cart (counts against the checkouts a buyer may create per minute).' })
  async cartCreate(@Ctx() ctx: RequestContext, @Args() args: CartCreateArgs) {
    return this.payload(ctx, await this.writes.create(ctx, args.input ?? {}), 'input');
  }

  @RequiresScope(WRITE)
  @Mutation(() => CartLinesAddPayload, { nullable: true, description: 'Adds variants; a line with the same variant and attributes adds up, within the stock.' })
  async cartLinesAdd(@Ctx() ctx: RequestContext, @Args() args: CartLinesAddArgs) {
    return this.payload(ctx, await this.writes.addLines(ctx, args.cartId, args.lines));
  }

  @RequiresScope(WRITE)
  @Mutation(() => CartLinesUpdatePayload, { nullable: true, description: 'Changes lines: quantity (0 removes; within the stock), variant or attributes.' })
  async cartLinesUpdate(@Ctx() ctx: RequestContext, @Args() args: CartLinesUpdateArgs) {
    return this.payload(ctx, await this.writes.updateLines(ctx, args.cartId, args.lines));
  }

  @RequiresScope(WRITE)
  @Mutation(() => CartLinesRemovePayload, { nullable: true, description: 'Removes lines.' })
  async cartLinesRemove(@Ctx() ctx: RequestContext, @Args() args: CartLinesRemoveArgs) {
    return this.payload(ctx, await this.writes.removeLines(ctx, args.cartId, args.lineIds));
  }

  @RequiresScope(WRITE)
  @Mutation(() => CartBuyerIdentityUpdatePayload, { nullable: true, description: 'Changes who buys; another country re-prices the cart in its currency.' })
  async cartBuyerIdentityUpdate(@Ctx() ctx: RequestContext, @Args() args: CartBuyerIdentityUpdateArgs) {
    return this.payload(ctx, await this.writes.updateBuyerIdentity(ctx, args.cartId, args.buyerIdentity));
  }

  @RequiresScope(WRITE)
  @Mutation(() => CartNoteUpdatePayload, { nullable: true, description: "Sets the cart's note (blank removes it)." })
  async cartNoteUpdate(@Ctx() ctx: RequestContext, @Args() args: CartNoteUpdateArgs) {
    return this.payload(ctx, await this.writes.updateNote(ctx, args.cartId, args.note));
  }

  @RequiresScope(WRITE)
  @Mutation(() => CartAttributesUpdatePayload, { nullable: true, description: "Replaces the cart's attributes." })
  async cartAttributesUpdate(@Ctx() ctx: RequestContext, @Args() args: CartAttributesUpdateArgs) {
    return this.payload(ctx, await this.writes.updateAttributes(ctx, args.cartId, args.attributes));
  }

  @RequiresScope(WRITE)
  @Mutation(() => CartDiscountCodesUpdatePayload, { nullable: true, description: "Replaces the cart's discount codes; unknown codes are kept, not applicable." })
  async cartDiscountCodesUpdate(@Ctx() ctx: RequestContext, @Args() args: CartDiscountCodesUpdateArgs) {
    return this.payload(ctx, await this.writes.updateDiscountCodes(ctx, args.cartId, args.discountCodes ?? []));
  }

  @ResolveField(() => StorefrontCartCost)
  cost(cart: StorefrontCart, _args: NoArgs, { ctx }: GraphqlContextValue): MaybePromise<StorefrontCartCost> {
    return whenReady(this.costOf(ctx, cart), (cost) => cartCostView(cost, cart.record.currency));
  }

  @BoundedList({ max: MAX_DISCOUNT_CODES, withParent: true })
  @ResolveField(() => [CartDiscountCode])
  discountCodes(cart: StorefrontCart, _args: NoArgs, { ctx }: GraphqlContextValue): MaybePromise<CartDiscountCode[]> {
    return whenReady(this.costOf(ctx, cart), discountCodesView);
  }

  @ResolveField(() => StorefrontCartLineConnection, { description: 'The lines, oldest first (a cart holds at most 250).' })
  lines(@Parent() cart: StorefrontCart, @Args() args: ConnectionArgs) {
    const page = pageOfList(cart.record.lines, pageOf(args), LINES, (line) => line.id);
    return connectionOf(page, (line) => cartLineView(line, cart.record));
  }

  private async payload(ctx: RequestContext, result: CartResult, under?: string): Promise<CartPayloadValue> {
    const url = result.cart && (await this.checkoutUrl(ctx, result.cart));
    return cartPayload(result, () => url!, under);
  }

  // With @inContext(visitorConsent:) the URL carries the consent, signed for this cart (`_cs`).
  private checkoutUrl(ctx: RequestContext, cart: CartRecord): MaybePromise<string> {
    return whenReady(this.consent.parameter(ctx, cart.token), (cs) => {
      const url = this.carts.checkoutUrl(ctx, cart);
      return cs ? `${url}&${VISITOR_CONSENT_PARAMETER}=${cs}` : url;
    });
  }

  // Cost and discount codes share one computation per cart value.
  private costOf(ctx: RequestContext, cart: StorefrontCart): MaybePromise<CartCost> {
    return cart.costOf ?? whenReady(this.carts.cost(ctx, cart.record), (cost) => (cart.costOf = cost));
  }
}

@Resolver(() => StorefrontCartLine)
export class CartLinesStorefrontResolver {
  constructor(private readonly nodes: NodeRegistry) {}

  @ResolveField(() => Attribute, { nullable: true, description: 'The attribute of the line with that key, or null.' })
  attribute(@Parent() line: StorefrontCartLine, @Args() args: CartLineAttributeArgs): Attribute | null {
    return line.attributes.find((a) => a.key === args.key) ?? null;
  }

  // The catalog's node fetcher (its batched loader) gives the variant as the storefront shows it.
  @ResolveField(() => Merchandise, { nullable: true, description: 'The variant bought (null while its product is not published).' })
  merchandise(@Ctx() ctx: RequestContext, @Parent() line: StorefrontCartLine) {
    return this.nodes.fetch(ctx, toGlobalId('ProductVariant', line.record.variantId));
  }
}

@Resolver(() => CartBuyerIdentity)
export class CartBuyerIdentityStorefrontResolver {
  constructor(
    private readonly customers: CustomerAccountsService,
    private readonly nodes: NodeRegistry,
  ) {}

  @ResolveField(() => StorefrontCustomer, { nullable: true, description: 'The customer who buys, when a customer access token named them.' })
  async customer(@Ctx() ctx: RequestContext, @Parent() buyer: CartBuyerIdentity) {
    if (buyer.customerId === null) return null;
    const record = await this.customers.customerById(ctx, buyer.customerId);
    return record && this.nodes.view('storefront', 'Customer', record);
  }
}
