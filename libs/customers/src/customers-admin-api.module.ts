import { Module, type OnModuleInit } from '@nestjs/common';
import { NodeRegistry, NodeRegistryModule, TaggableRegistry, TaggableRegistryModule, type TagsChange } from '@platform/graphql-types';
import { MetafieldsAdminApiModule } from '@platform/metafields';
import { CustomerDirectoryService } from './customer-directory.service.js';
import type { CustomerDetailRecord, CustomerWriteResult } from './customer.records.js';
import { CustomersModule } from './customers.module.js';
import { CustomersService } from './customers.service.js';
import { CustomerMutationsAdminResolver } from './graphql/admin/customer-mutations.admin.resolver.js';
import { adminCustomerView } from './graphql/admin/customer.presenter.js';
import { CustomersAdminResolver } from './graphql/admin/customers.admin.resolver.js';

/**
 * Customers on the admin schema: `customers`, `customer`, `customersCount`, `customerByIdentifier` and the
 * merchant's customer mutations, with the customers' metafields (orders add their fields to Customer), and customers'
 * tags for `tagsAdd`/`tagsRemove`. Reads need `read_customers`, writes `write_customers`.
 */
@Module({
  // The metafields' fields read the customers' metafields (`Customer.metafields`, `Customer.metafield`).
  imports: [CustomersModule, MetafieldsAdminApiModule, NodeRegistryModule, TaggableRegistryModule],
  providers: [CustomersAdminResolver, CustomerMutationsAdminResolver],
})
export class CustomersAdminApiModule implements OnModuleInit {
  constructor(
    private readonly nodes: NodeRegistry,
    private readonly directory: CustomerDirectoryService,
    private readonly taggables: TaggableRegistry,
    private readonly customers: CustomersService,
  ) {}

  // `node(id:)` asks for the same access as `customer(id:)`; tags change as the customer mutations write.
  onModuleInit(): void {
    this.nodes.register('admin_graphql', 'Customer', { scope: 'read_customers' }, (ctx, id) => this.directory.customer(ctx, id), adminCustomerView);
    this.taggables.register({
      type: 'Customer',
      scope: 'write_customers',
      addTags: async (ctx, id, tags) => tagsChange(await this.customers.changeTags(ctx, id, tags, [])),
      removeTags: async (ctx, id, tags) => tagsChange(await this.customers.changeTags(ctx, id, [], tags)),
    });
  }
}

function tagsChange({ customer, problems }: CustomerWriteResult): TagsChange<CustomerDetailRecord> {
  return { record: customer, problems };
}
