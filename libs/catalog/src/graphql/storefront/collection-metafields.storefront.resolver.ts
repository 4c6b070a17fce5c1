import { Args, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { StorefrontCollection } from '@platform/catalog';
import { Ctx, type RequestContext } from '@platform/request';
import { HasMetafieldsIdentifier, MetafieldArgs } from './content.args.js';
import { HasMetafieldsFields } from './has-metafields.fields.js';
import { StorefrontMetafield } from './metafield.type.js';
import { BoundedList } from '@platform/graphql-types';
import { MAX_INPUT_ARRAY_SIZE } from '@platform/errors';

/** The catalog's Collection shows its metafields: content's data, so content resolves them. */
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
