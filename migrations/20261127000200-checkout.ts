import { Migration } from '@mikro-orm/migrations';

// The hosted checkout's orders: the cart an order was paid from (one order per cart, which also makes a second
// payment of the same cart impossible at the database), and the visitor's consent the checkout URL carried.
export class Checkout extends Migration {
  override name = '20261127000200-checkout';

  override up(): void {
    this.addSql(`
      alter table orders
        add column cart_token text null,
        add column visitor_consent jsonb null,
        add constraint orders_shop_id_cart_token_unique unique (shop_id, cart_token);`);
  }

  override down(): void {
    this.addSql('alter table orders drop constraint orders_shop_id_cart_token_unique, drop column visitor_consent, drop column cart_token;');
  }
}
