import { Args, Query, Resolver } from '@nestjs/graphql';
import { NodeRegistry, pageOf } from '@platform/graphql-types';
import { Ctx, type RequestContext, RequiresScope } from '@platform/request';
import { SearchService } from '../../search.service.js';
import { PredictiveSearchArgs, SearchArgs } from './search.args.js';
import { type ShowRecord, predictiveView, searchConnectionView } from './search.presenter.js';
import { PredictiveSearchResult, SearchResultItemConnection } from './search.type.js';

const LISTINGS = 'unauthenticated_read_product_listings';

@Resolver()
export class SearchStorefrontResolver {
  // Products, collections, pages and articles are shown as their own contexts show them.
  private readonly show: ShowRecord;

  constructor(
    private readonly searches: SearchService,
    nodes: NodeRegistry,
  ) {
    this.show = (type, record) => nodes.view('storefront', type, record);
  }

  @RequiresScope(LISTINGS)
  @Query(() => SearchResultItemConnection, { description: 'Products, pages and articles matching a query, best match first.' })
  async search(@Ctx() ctx: RequestContext, @Args() args: SearchArgs) {
    const { query, sortKey, types, prefix, unavailableProducts } = args;
    const page = await this.searches.search(ctx, { query, page: pageOf(args), sortKey, types, prefix: prefix === 'LAST', unavailable: unavailableProducts ?? 'LAST' });
    return searchConnectionView(page, this.show);
  }

  @RequiresScope(LISTINGS)
  @Query(() => PredictiveSearchResult, { nullable: true, description: 'Suggestions as the buyer types: the last word matches as a prefix.' })
  async predictiveSearch(@Ctx() ctx: RequestContext, @Args() args: PredictiveSearchArgs) {
    const { query, limit, limitScope, types, unavailableProducts } = args;
    const result = await this.searches.predictive(ctx, { query, limit: limit ?? 10, limitScope: limitScope ?? 'ALL', types, unavailable: unavailableProducts ?? 'LAST' });
    return predictiveView(result, this.show);
  }
}
