import { Args, Int, Query, Resolver } from '@nestjs/graphql';
import { connectionOf } from '@platform/graphql-types';
import { Ctx, type RequestContext, RequiresToken } from '@platform/request';
import { CatalogStorefrontService } from '../../storefront/catalog-storefront.service.js';
import { StringConnection } from './string-connection.type.js';

const TAGS_SCOPE = 'unauthenticated_read_product_tags';

@Resolver()
export class ProductTagsStorefrontResolver {
  constructor(private readonly catalog: CatalogStorefrontService) {}

  // "Product Tags" needs a token (the spec's access table), holding the tags scope. Nullable (non-null on the
  // hosted schema) so a tokenless caller's ACCESS_DENIED leaves the rest of the query answering.
  @RequiresToken(TAGS_SCOPE)
  @Query(() => StringConnection, { nullable: true, description: 'Tags of the shop\'s products (token with `unauthenticated_read_product_tags`).' })
  async productTags(@Ctx() ctx: RequestContext, @Args('first', { type: () => Int }) first: number, @Args('after', { nullable: true }) after?: string) {
    return connectionOf(await this.catalog.productTags(ctx, Math.min(Math.max(first, 0), 250), after), (tag) => tag);
  }
}
