import { Migration } from '@mikro-orm/migrations';

// Order risks (REST, deprecated) and risk assessments (admin GraphQL), one context: risk.
export class OrderRisks extends Migration {
  override name = '20261126000200-order-risks';

  override up(): void {}

  override down(): void {}
}
