import { Module, type OnModuleInit } from '@nestjs/common';
import { NodeRegistry, NodeRegistryModule } from '@platform/graphql-types';
import { OrdersModule } from '@platform/orders';
import { BalanceTransactionAdminResolver, PaymentsAccountAdminResolver } from './graphql/admin/payments-account.admin.resolver.js';
import { adminPayoutView } from './graphql/admin/payments-account.presenter.js';
import { LedgerDirectoryService } from './ledger-directory.service.js';
import { PaymentsModule } from './payments.module.js';

/**
 * The payments account on the admin schema: `platformPaymentsAccount { balance balanceTransactions payouts }`.
 * Orders answer a transaction's `associatedOrder` through their service.
 */
@Module({
  imports: [PaymentsModule, OrdersModule, NodeRegistryModule],
  providers: [PaymentsAccountAdminResolver, BalanceTransactionAdminResolver],
})
export class PaymentsAdminApiModule implements OnModuleInit {
  constructor(
    private readonly nodes: NodeRegistry,
    private readonly directory: LedgerDirectoryService,
  ) {}

  // `node(id:)` asks for the same access as `payouts`.
  onModuleInit(): void {
    this.nodes.register('admin_graphql', 'PlatformPaymentsPayout', { scope: 'read_platform_payments_payouts' }, (ctx, id) => this.directory.payout(ctx, id), adminPayoutView);
  }
}
