import { Module } from '@nestjs/common';
import { DatabaseModule } from '@platform/database';
import { BalanceTransaction } from './balance-transaction.entity.js';
import { OrderPaidHandler } from './events/order-paid.handler.js';
import { OrderRefundedHandler } from './events/order-refunded.handler.js';
import { RunPayoutsJob } from './jobs/run-payouts.job.js';
import { LedgerDirectoryService } from './ledger-directory.service.js';
import { LedgerService } from './ledger.service.js';
import { Payout } from './payout.entity.js';
import { PayoutsService } from './payouts.service.js';

/** The payments ledger: bookings from orders' events and operators, payouts, and the merchant's reads. */
@Module({
  imports: [DatabaseModule.forFeature([BalanceTransaction, Payout])],
  providers: [LedgerService, PayoutsService, LedgerDirectoryService, OrderPaidHandler, OrderRefundedHandler, RunPayoutsJob],
  exports: [LedgerService, PayoutsService, LedgerDirectoryService],
})
export class PaymentsModule {}
