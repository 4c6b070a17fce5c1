import { Module, type OnModuleInit } from '@nestjs/common';
import { NodeRegistry, NodeRegistryModule } from '@platform/graphql-types';
import { HasMetafieldsFields } from './graphql/storefront/has-metafields.fields.js';
import { metafieldView } from './graphql/storefront/metafield.presenter.js';
import { MetafieldsModule } from './metafields.module.js';
import { MetafieldsService } from './metafields.service.js';

/**
 * Metafields on the storefront schema: the `Metafield` node (a token required, and only a metafield of an owner the
 * storefront may show) and the fields the owners' resolvers delegate their `metafield`/`metafields` to.
 */
@Module({
  imports: [MetafieldsModule, NodeRegistryModule],
  providers: [HasMetafieldsFields],
  exports: [HasMetafieldsFields],
})
export class MetafieldsStorefrontApiModule implements OnModuleInit {
  constructor(
    private readonly nodes: NodeRegistry,
    private readonly metafields: MetafieldsService,
  ) {}

  onModuleInit(): void {
    this.nodes.register('storefront', 'Metafield', { tokenless: 'refused' }, (ctx, id) => this.metafields.storefrontMetafield(ctx, id), metafieldView);
  }
}
