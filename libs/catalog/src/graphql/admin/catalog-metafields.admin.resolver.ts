import { Args, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { AdminHasMetafieldsFields, AdminMetafield, AdminMetafieldArgs, AdminMetafieldConnection, AdminMetafieldsArgs } from '@platform/metafields';
import { Ctx, type RequestContext, RequiresScope } from '@platform/request';
import { AdminCollection } from './collection.type.js';
import { AdminMediaImage } from './media.type.js';
import { AdminProduct } from './product.type.js';
import { AdminProductVariant } from './variant.type.js';

const READ = 'read_products';

/** A product's metafields, read with read_products through the metafields' fields. */
@Resolver(() => AdminProduct)
export class ProductMetafieldsAdminResolver {
  constructor(private readonly metafieldsOf: AdminHasMetafieldsFields) {}

  @RequiresScope(READ)
  @ResolveField(() => AdminMetafieldConnection, { description: "The product's metafields, in the order they were created; narrowed by `namespace` or `keys` (`namespace.key`)." })
  metafields(@Ctx() ctx: RequestContext, @Parent() product: AdminProduct, @Args() args: AdminMetafieldsArgs) {
    return this.metafieldsOf.metafields(ctx, 'PRODUCT', product.record.id, args);
  }

  @RequiresScope(READ)
  @ResolveField(() => AdminMetafield, { nullable: true, description: "The product's metafield with this namespace and key; null when it has none." })
  metafield(@Ctx() ctx: RequestContext, @Parent() product: AdminProduct, @Args() args: AdminMetafieldArgs) {
    return this.metafieldsOf.metafield(ctx, 'PRODUCT', product.record.id, args);
  }
}

/** A variant's metafields. */
@Resolver(() => AdminProductVariant)
export class VariantMetafieldsAdminResolver {
  constructor(private readonly metafieldsOf: AdminHasMetafieldsFields) {}

  @RequiresScope(READ)
  @ResolveField(() => AdminMetafieldConnection, { description: "The variant's metafields, in the order they were created." })
  metafields(@Ctx() ctx: RequestContext, @Parent() variant: AdminProductVariant, @Args() args: AdminMetafieldsArgs) {
    return this.metafieldsOf.metafields(ctx, 'PRODUCTVARIANT', variant.record.id, args);
  }

  @RequiresScope(READ)
  @ResolveField(() => AdminMetafield, { nullable: true, description: "The variant's metafield with this namespace and key; null when it has none." })
  metafield(@Ctx() ctx: RequestContext, @Parent() variant: AdminProductVariant, @Args() args: AdminMetafieldArgs) {
    return this.metafieldsOf.metafield(ctx, 'PRODUCTVARIANT', variant.record.id, args);
  }
}

/** A collection's metafields. */
@Resolver(() => AdminCollection)
export class CollectionMetafieldsAdminResolver {
  constructor(private readonly metafieldsOf: AdminHasMetafieldsFields) {}

  @RequiresScope(READ)
  @ResolveField(() => AdminMetafieldConnection, { description: "The collection's metafields, in the order they were created." })
  metafields(@Ctx() ctx: RequestContext, @Parent() collection: AdminCollection, @Args() args: AdminMetafieldsArgs) {
    return this.metafieldsOf.metafields(ctx, 'COLLECTION', collection.record.id, args);
  }

  @RequiresScope(READ)
  @ResolveField(() => AdminMetafield, { nullable: true, description: "The collection's metafield with this namespace and key; null when it has none." })
  metafield(@Ctx() ctx: RequestContext, @Parent() collection: AdminCollection, @Args() args: AdminMetafieldArgs) {
    return this.metafieldsOf.metafield(ctx, 'COLLECTION', collection.record.id, args);
  }
}

/** A media image's metafields (REST's image create sets them). */
@Resolver(() => AdminMediaImage)
export class MediaImageMetafieldsAdminResolver {
  constructor(private readonly metafieldsOf: AdminHasMetafieldsFields) {}

  @RequiresScope(READ)
  @ResolveField(() => AdminMetafieldConnection, { description: "The image's metafields, in the order they were created." })
  metafields(@Ctx() ctx: RequestContext, @Parent() image: AdminMediaImage, @Args() args: AdminMetafieldsArgs) {
    return this.metafieldsOf.metafields(ctx, 'MEDIA_IMAGE', image.record.id, args);
  }

  @RequiresScope(READ)
  @ResolveField(() => AdminMetafield, { nullable: true, description: "The image's metafield with this namespace and key; null when it has none." })
  metafield(@Ctx() ctx: RequestContext, @Parent() image: AdminMediaImage, @Args() args: AdminMetafieldArgs) {
    return this.metafieldsOf.metafield(ctx, 'MEDIA_IMAGE', image.record.id, args);
  }
}
