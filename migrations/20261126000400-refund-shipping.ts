import { Migration } from '@mikro-orm/migrations';

// Refunds keep the shipping they give back (so shipping is refunded at most once), and orders may be cancelled
// for the hosted `STAFF` reason (a staff error) besides REST's five.
export class RefundShipping extends Migration {
  override name = '20261126000400-refund-shipping';

  override up(): void {
    this.addSql('alter table refunds add column shipping numeric(20, 2) not null default 0 check (shipping >= 0);');
    this.addSql(`
      alter table orders
        drop constraint orders_cancel_reason_check,
        add constraint orders_cancel_reason_check check (cancel_reason in ('customer', 'fraud', 'inventory', 'declined', 'other', 'staff'));`);
  }

  override down(): void {
    this.addSql("update orders set cancel_reason = 'other' where cancel_reason = 'staff';");
    this.addSql(`
      alter table orders
        drop constraint orders_cancel_reason_check,
        add constraint orders_cancel_reason_check check (cancel_reason in ('customer', 'fraud', 'inventory', 'declined', 'other'));`);
    this.addSql('alter table refunds drop column shipping;');
  }
}
