import { Module } from '@nestjs/common';
import { CatalogStorefrontApiModule } from '@platform/catalog';
import { ContentStorefrontApiModule } from '@platform/content';
import { NodeRegistryModule } from '@platform/graphql-types';
import { SearchStorefrontResolver } from './graphql/storefront/search.storefront.resolver.js';
import { SearchService } from './search.service.js';

/** `search` and `predictiveSearch` on the storefront schema, over the catalog's and content's ranked reads. */
@Module({
  imports: [NodeRegistryModule, CatalogStorefrontApiModule, ContentStorefrontApiModule],
  providers: [SearchService, SearchStorefrontResolver],
  exports: [SearchService],
})
export class SearchStorefrontApiModule {}
