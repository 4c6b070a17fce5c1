import { Migration } from '@mikro-orm/migrations';

// Orders for the admin surfaces: transactions, refunds, fulfillments and the order fields the hosted platform shows.
export class OrdersAdmin extends Migration {
  override name = '20261126000000-orders-admin';

  override up(): void {}

  override down(): void {}
}
