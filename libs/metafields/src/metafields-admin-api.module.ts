import { Module, type OnModuleInit } from '@nestjs/common';
import { NodeRegistry, NodeRegistryModule } from '@platform/graphql-types';
import type { Access } from '@platform/request';
import { ContentModule } from './content.module.js';
import { adminMetafieldView } from './graphql/admin/metafield.presenter.js';
import type { MetafieldOwnerType } from './metafield.entity.js';
import { MetafieldsService } from './metafields.service.js';

// What reading a metafield asks: what reading its owner asks. Null: no admin scope reads the owner yet
// (markets), so `node` does not show its metafields.
const OWNER_ACCESS: Record<MetafieldOwnerType, Access | null> = {
  PRODUCT: { scope: 'read_products' },
  PRODUCTVARIANT: { scope: 'read_products' },
  COLLECTION: { scope: 'read_products' },
  PAGE: { scope: 'read_content' },
  BLOG: { scope: 'read_content' },
  ARTICLE: { scope: 'read_content' },
  CUSTOMER: { scope: 'read_customers' },
  SHOP: {},
  MARKET: null,
};

/**
 * Content on the admin schema: the `Metafield` node and its view, which the owners' contexts use for their
 * `metafields`/`metafield` fields (`NodeRegistry.view`). `node(id:)` on a metafield asks its owner's read scope.
 */
@Module({
  imports: [ContentModule, NodeRegistryModule],
})
export class ContentAdminApiModule implements OnModuleInit {
  constructor(
    private readonly nodes: NodeRegistry,
    private readonly metafields: MetafieldsService,
  ) {}

  onModuleInit(): void {
    this.nodes.register(
      'admin_graphql',
      'Metafield',
      (record) => OWNER_ACCESS[record.ownerType],
      async (ctx, id) => (await this.metafields.metafieldsByIds(ctx, [id]))[0] ?? null,
      adminMetafieldView,
    );
  }
}
