import { Args, ResolveField, Resolver } from '@nestjs/graphql';
import { StorefrontShop } from '@platform/shop';
import { Ctx, type RequestContext } from '@platform/request';
import { HasMetafieldsIdentifier, MetafieldArgs } from './content.args.js';
import { HasMetafieldsFields } from './has-metafields.fields.js';
import { StorefrontMetafield } from './metafield.type.js';
import { BoundedList } from '@platform/graphql-types';
import { MAX_INPUT_ARRAY_SIZE } from '@platform/errors';

/** The `shop` field's Shop shows the shop's metafields: content's data, so content resolves them. */
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
