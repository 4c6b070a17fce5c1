import { Migration } from '@mikro-orm/migrations';

// An email's key names the message a job means to send (`customer_account_invite:<customer>:<link>`), so a retried
// job finds the row its first attempt wrote instead of sending and recording the same email again.
export class EmailKeys extends Migration {
  override name = '20261125000000-email-keys';

  override up(): void {
    this.addSql('alter table emails add column key text;');
    this.addSql('create unique index emails_shop_id_key_unique on emails (shop_id, key) where key is not null;');
  }

  override down(): void {
    this.addSql('drop index emails_shop_id_key_unique;');
    this.addSql('alter table emails drop column key;');
  }
}
