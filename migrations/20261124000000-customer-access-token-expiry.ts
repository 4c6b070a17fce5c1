import { Migration } from '@mikro-orm/migrations';

// The daily job deletes each shop's expired customer access tokens: an index on (shop_id, expires_at) finds them
// without reading every shop's tokens.
export class CustomerAccessTokenExpiry extends Migration {
  override name = '20261124000000-customer-access-token-expiry';

  override up(): void {
    this.addSql('create index customer_access_tokens_shop_id_expires_at_index on customer_access_tokens (shop_id, expires_at);');
  }

  override down(): void {
    this.addSql('drop index customer_access_tokens_shop_id_expires_at_index;');
  }
}
