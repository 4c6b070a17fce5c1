import { Args, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { MAX_INPUT_ARRAY_SIZE } from '@platform/errors';
import { BoundedList } from '@platform/graphql-types';
import { HasMetafieldsFields, HasMetafieldsIdentifier, MetafieldArgs, StorefrontMetafield } from '@platform/metafields';
import { Ctx, type RequestContext } from '@platform/request';
import { StorefrontProduct } from './product.type.js';

/** A product's metafields: the catalog resolves them for its own type, through the metafields' fields. */
@Resolver(() => StorefrontProduct)
export class ProductMetafieldsStorefrontResolver {
  constructor(private readonly metafieldsOf: HasMetafieldsFields) {}

  @ResolveField(() => StorefrontMetafield, { nullable: true, description: 'A metafield by namespace and key (needs a token).' })
  metafield(@Ctx() ctx: RequestContext, @Parent() product: StorefrontProduct, @Args() args: MetafieldArgs) {
    return this.metafieldsOf.metafield(ctx, 'PRODUCT', product.record.id, args);
  }

  @BoundedList({ max: MAX_INPUT_ARRAY_SIZE, sizedBy: 'identifiers' })
  @ResolveField(() => [StorefrontMetafield], { nullable: 'items', description: 'Metafields by namespace and key (needs a token).' })
  metafields(@Ctx() ctx: RequestContext, @Parent() product: StorefrontProduct, @Args('identifiers', { type: () => [HasMetafieldsIdentifier] }) identifiers: HasMetafieldsIdentifier[]) {
    return this.metafieldsOf.metafields(ctx, 'PRODUCT', product.record.id, identifiers);
  }
}
