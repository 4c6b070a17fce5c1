import { Migration } from '@mikro-orm/migrations';

// Order line items keep what the buyer attached to the cart line (`properties`, a list of name and value: the REST
// shape), which the hosted checkout copies from the cart. Existing line items have none.
export class OrderLineProperties extends Migration {
  override name = '20261128000000-order-line-properties';

  override up(): void {
    // The entity fills the value in (no SQL default, as for the orders' other jsonb lists).
    this.addSql(`alter table order_line_items add column properties jsonb not null default '[]';`);
    this.addSql('alter table order_line_items alter column properties drop default;');
  }

  override down(): void {
    this.addSql('alter table order_line_items drop column properties;');
  }
}
