import { Args, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { HasMetafieldsFields, HasMetafieldsIdentifier, MetafieldArgs, StorefrontMetafield } from '@platform/content';
import { Ctx, type RequestContext } from '@platform/request';
import { StorefrontCollection } from './collection.type.js';
import { StorefrontProduct } from './product.type.js';

@Resolver(() => StorefrontProduct)
export class ProductMetafieldsStorefrontResolver {
  constructor(private readonly metafieldsOf: HasMetafieldsFields) {}

  @ResolveField(() => StorefrontMetafield, { nullable: true, description: 'A metafield by namespace and key (needs a token).' })
  metafield(@Ctx() ctx: RequestContext, @Parent() product: StorefrontProduct, @Args() args: MetafieldArgs) {
    return this.metafieldsOf.metafield(ctx, 'PRODUCT', product.record.id, args);
  }

  @ResolveField(() => [StorefrontMetafield], { nullable: 'items', description: 'Metafields by namespace and key (needs a token).' })
  metafields(@Ctx() ctx: RequestContext, @Parent() product: StorefrontProduct, @Args('identifiers', { type: () => [HasMetafieldsIdentifier] }) identifiers: HasMetafieldsIdentifier[]) {
    return this.metafieldsOf.metafields(ctx, 'PRODUCT', product.record.id, identifiers);
  }
}

@Resolver(() => StorefrontCollection)
export class CollectionMetafieldsStorefrontResolver {
  constructor(private readonly metafieldsOf: HasMetafieldsFields) {}

  @ResolveField(() => StorefrontMetafield, { nullable: true, description: 'A metafield by namespace and key (needs a token).' })
  metafield(@Ctx() ctx: RequestContext, @Parent() collection: StorefrontCollection, @Args() args: MetafieldArgs) {
    return this.metafieldsOf.metafield(ctx, 'COLLECTION', collection.record.id, args);
  }

  @ResolveField(() => [StorefrontMetafield], { nullable: 'items', description: 'Metafields by namespace and key (needs a token).' })
  metafields(@Ctx() ctx: RequestContext, @Parent() collection: StorefrontCollection, @Args('identifiers', { type: () => [HasMetafieldsIdentifier] }) identifiers: HasMetafieldsIdentifier[]) {
    return this.metafieldsOf.metafields(ctx, 'COLLECTION', collection.record.id, identifiers);
  }
}
