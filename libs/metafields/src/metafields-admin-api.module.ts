import { Module, type OnModuleInit } from '@nestjs/common';
import { NodeRegistry, NodeRegistryModule } from '@platform/graphql-types';
import { AdminHasMetafieldsFields } from './graphql/admin/has-metafields.fields.js';
import { adminMetafieldView } from './graphql/admin/metafield.presenter.js';
import { MetafieldsAdminResolver } from './graphql/admin/metafields.admin.resolver.js';
import { MetafieldOwnerRegistry } from './metafield-owners.js';
import { MetafieldsModule } from './metafields.module.js';
import { MetafieldsService } from './metafields.service.js';

/**
 * Metafields on the admin schema: `metafieldsSet`, `metafieldsDelete` and the `Metafield` node, whose `node(id:)`
 * asks what reading its owner asks (the owner's registration; an owner no context registered is not shown). Exports
 * the fields the owners' resolvers delegate their `metafields`/`metafield` to.
 */
@Module({
  imports: [MetafieldsModule, NodeRegistryModule],
  providers: [MetafieldsAdminResolver, AdminHasMetafieldsFields],
  exports: [AdminHasMetafieldsFields],
})
export class MetafieldsAdminApiModule implements OnModuleInit {
  constructor(
    private readonly nodes: NodeRegistry,
    private readonly metafields: MetafieldsService,
    private readonly owners: MetafieldOwnerRegistry,
  ) {}

  onModuleInit(): void {
    this.nodes.register(
      'admin_graphql',
      'Metafield',
      (record) => {
        const owner = this.owners.of(record.ownerType);
        return owner ? (owner.read ? { scope: owner.read } : {}) : null;
      },
      async (ctx, id) => (await this.metafields.metafieldsByIds(ctx, [id]))[0] ?? null,
      adminMetafieldView,
    );
  }
}
