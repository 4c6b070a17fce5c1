import { Migration } from '@mikro-orm/migrations';

// The payments ledger: append-only balance transactions and payouts.
export class PaymentsLedger extends Migration {
  override name = '20261126000300-payments-ledger';

  override up(): void {}

  override down(): void {}
}
