import { Args, ResolveField, Resolver } from '@nestjs/graphql';
import { MAX_INPUT_ARRAY_SIZE } from '@platform/errors';
import { BoundedList } from '@platform/graphql-types';
import { HasMetafieldsFields, HasMetafieldsIdentifier, MetafieldArgs, StorefrontMetafield } from '@platform/metafields';
import { Ctx, type RequestContext } from '@platform/request';
import { StorefrontShop } from './shop.type.js';

/** The `shop` field's Shop shows the shop's metafields, through the metafields' fields. */
@Resolver(() => StorefrontShop)
export class ShopMetafieldsStorefrontResolver {
  constructor(private readonly metafieldsOf: HasMetafieldsFields) {}

  @ResolveField(() => StorefrontMetafield, { nullable: true, description: 'A metafield of the shop (needs a token).' })
  metafield(@Ctx() ctx: RequestContext, @Args() args: MetafieldArgs) {
    return this.metafieldsOf.metafield(ctx, 'SHOP', ctx.shop.id, args);
  }

  @BoundedList({ max: MAX_INPUT_ARRAY_SIZE, sizedBy: 'identifiers' })
  @ResolveField(() => [StorefrontMetafield], { nullable: 'items', description: 'Metafields of the shop (needs a token).' })
  metafields(@Ctx() ctx: RequestContext, @Args('identifiers', { type: () => [HasMetafieldsIdentifier] }) identifiers: HasMetafieldsIdentifier[]) {
    return this.metafieldsOf.metafields(ctx, 'SHOP', ctx.shop.id, identifiers);
  }
}
