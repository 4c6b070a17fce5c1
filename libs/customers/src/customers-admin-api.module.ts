import { Module, type OnModuleInit } from '@nestjs/common';
import { ContentModule } from '@platform/content';
import { NodeRegistry, NodeRegistryModule } from '@platform/graphql-types';
import { CustomerDirectoryService } from './customer-directory.service.js';
import { CustomersModule } from './customers.module.js';
import { CustomerMutationsAdminResolver } from './graphql/admin/customer-mutations.admin.resolver.js';
import { adminCustomerView } from './graphql/admin/customer.presenter.js';
import { CustomersAdminResolver } from './graphql/admin/customers.admin.resolver.js';

/**
 * Customers on the admin schema: `customers`, `customer`, `customersCount`, `customerByIdentifier` and the
 * merchant's customer mutations, with the customers' metafields (orders add their fields to Customer). Reads
 * need `read_customers`, writes `write_customers`.
 */
@Module({
  // Content reads the customers' metafields (`Customer.metafields`, `Customer.metafield`).
  imports: [CustomersModule, ContentModule, NodeRegistryModule],
  providers: [CustomersAdminResolver, CustomerMutationsAdminResolver],
})
export class CustomersAdminApiModule implements OnModuleInit {
  constructor(
    private readonly nodes: NodeRegistry,
    private readonly directory: CustomerDirectoryService,
  ) {}

  // `node(id:)` asks for the same access as `customer(id:)`.
  onModuleInit(): void {
    this.nodes.register('admin_graphql', 'Customer', { scope: 'read_customers' }, (ctx, id) => this.directory.customer(ctx, id), adminCustomerView);
  }
}
