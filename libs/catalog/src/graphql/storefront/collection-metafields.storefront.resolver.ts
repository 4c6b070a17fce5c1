import { Args, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { MAX_INPUT_ARRAY_SIZE } from '@platform/errors';
import { BoundedList } from '@platform/graphql-types';
import { HasMetafieldsFields, HasMetafieldsIdentifier, MetafieldArgs, StorefrontMetafield } from '@platform/metafields';
import { Ctx, type RequestContext } from '@platform/request';
import { StorefrontCollection } from './collection.type.js';

/** A collection's metafields: the catalog resolves them for its own type, through the metafields' fields. */
@Resolver(() => StorefrontCollection)
export class CollectionMetafieldsStorefrontResolver {
  constructor(private readonly metafieldsOf: HasMetafieldsFields) {}

  @ResolveField(() => StorefrontMetafield, { nullable: true, description: 'A metafield by namespace and key (needs a token).' })
  metafield(@Ctx() ctx: RequestContext, @Parent() collection: StorefrontCollection, @Args() args: MetafieldArgs) {
    return this.metafieldsOf.metafield(ctx, 'COLLECTION', collection.record.id, args);
  }

  @BoundedList({ max: MAX_INPUT_ARRAY_SIZE, sizedBy: 'identifiers' })
  @ResolveField(() => [StorefrontMetafield], { nullable: 'items', description: 'Metafields by namespace and key (needs a token).' })
  metafields(@Ctx() ctx: RequestContext, @Parent() collection: StorefrontCollection, @Args('identifiers', { type: () => [HasMetafieldsIdentifier] }) identifiers: HasMetafieldsIdentifier[]) {
    return this.metafieldsOf.metafields(ctx, 'COLLECTION', collection.record.id, identifiers);
  }
}
