export { PaymentsModule } from './payments.module.js';
export { PaymentsRestApiModule } from './payments-rest-api.module.js';
export { PaymentsAdminApiModule } from './payments-admin-api.module.js';
export { LedgerService } from './ledger.service.js';
export { PayoutsService } from './payouts.service.js';
export { LedgerDirectoryService } from './ledger-directory.service.js';
export {
  OPERATOR_BOOKING_TYPES,
  OPERATOR_PAYOUT_STATUSES,
  type BalanceTransactionFilters,
  type LedgerAdjustmentInput,
  type OperatorBookingType,
  type OperatorPayoutStatus,
  type OrderMoneyMovement,
  type PayoutFilters,
} from './ledger.inputs.js';
export {
  BALANCE_TRANSACTION_TYPES,
  PAYOUT_STATUSES,
  type AdjustmentOrderTransaction,
  type BalanceRecord,
  type BalanceTransactionRecord,
  type BalanceTransactionType,
  type PayoutRecord,
  type PayoutRunRecord,
  type PayoutStatus,
  type TransactionPayoutStatus,
} from './ledger.records.js';
export { PaymentsErrors, type PaymentsError, type PaymentsErrorCode } from './payments.errors.js';
