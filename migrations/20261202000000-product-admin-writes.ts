import { Migration } from '@mikro-orm/migrations';

// The merchant writes products on the admin API: the hosted UNLISTED status (reachable by handle and id only) and
// the product's own search-engine title and description (null: the storefront uses its title and description).
export class ProductAdminWrites extends Migration {
  override name = '20261202000000-product-admin-writes';

  override up(): void {
    this.addSql(`alter table products drop constraint products_status_check;`);
    this.addSql(`alter table products add constraint products_status_check check (status in ('active', 'draft', 'archived', 'unlisted'));`);
    this.addSql(`alter table products add column seo_title text, add column seo_description text;`);
  }

  override down(): void {
    this.addSql(`update products set status = 'active' where status = 'unlisted';`);
    this.addSql(`alter table products drop constraint products_status_check;`);
    this.addSql(`alter table products add constraint products_status_check check (status in ('active', 'draft', 'archived'));`);
    this.addSql('alter table products drop column seo_title, drop column seo_description;');
  }
}
