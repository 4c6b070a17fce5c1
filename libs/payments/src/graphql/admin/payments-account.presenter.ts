import { toGlobalId } from '@platform/ids';
import { type MoneyV2, moneyV2 } from '@platform/money';
import type { BalanceTransactionRecord, PayoutRecord } from '../../ledger.records.js';
import type { AdminAssociatedPayout, AdminBalanceTransaction, AdminPayout } from './payments-account.type.js';

// Records to admin views; money and ids are getters, computed only when a query selects them.

class BalanceTransactionView implements AdminBalanceTransaction {
  readonly __typename = 'PlatformPaymentsBalanceTransaction';
  readonly test: boolean;
  readonly transactionDate: Date;
  readonly adjustmentReason: string | null;

  constructor(readonly record: BalanceTransactionRecord) {
    this.test = record.test;
    this.transactionDate = record.processedAt;
    this.adjustmentReason = record.adjustmentReason;
  }

  get id(): string {
    return toGlobalId('PlatformPaymentsBalanceTransaction', this.record.id);
  }

  get amount(): MoneyV2 {
    return moneyV2(this.record.amount, this.record.currency);
  }

  get fee(): MoneyV2 {
    return moneyV2(this.record.fee, this.record.currency);
  }

  get net(): MoneyV2 {
    return moneyV2(this.record.net, this.record.currency);
  }

  get type(): string {
    return this.record.type.toUpperCase();
  }

  get sourceType(): string | null {
    return this.record.sourceType?.toUpperCase() ?? null;
  }

  get sourceId(): string | null {
    return this.record.sourceId === null ? null : String(this.record.sourceId);
  }

  get sourceOrderTransactionId(): string | null {
    return this.record.sourceOrderTransactionId === null ? null : String(this.record.sourceOrderTransactionId);
  }

  get associatedPayout(): AdminAssociatedPayout {
    const { payoutId, payoutStatus } = this.record;
    return payoutId === null ? { id: null, status: null } : { id: toGlobalId('PlatformPaymentsPayout', payoutId), status: payoutStatus.toUpperCase() };
  }
}

class PayoutView implements AdminPayout {
  readonly __typename = 'PlatformPaymentsPayout';

  constructor(readonly record: PayoutRecord) {}

  get id(): string {
    return toGlobalId('PlatformPaymentsPayout', this.record.id);
  }

  get legacyResourceId(): string {
    return String(this.record.id);
  }

  get issuedAt(): Date {
    return this.record.issuedAt;
  }

  get net(): MoneyV2 {
    return moneyV2(this.record.amount, this.record.currency);
  }

  get status(): string {
    return this.record.status.toUpperCase();
  }

  get transactionType(): string {
    return this.record.amount.startsWith('-') ? 'WITHDRAWAL' : 'DEPOSIT';
  }
}

export function adminBalanceTransactionView(record: BalanceTransactionRecord): AdminBalanceTransaction {
  return new BalanceTransactionView(record);
}

export function adminPayoutView(record: PayoutRecord): AdminPayout {
  return new PayoutView(record);
}
