import { Migration } from '@mikro-orm/migrations';

// The merchant writes products on the admin API: the hosted UNLISTED status (reachable by handle and id only), the
// product's own search-engine title and description (null: the storefront uses its title and description), a
// variant's barcode and taxable flag, and the count of variants each shop made each day (the variant-creation limit).
export class ProductAdminWrites extends Migration {
  override name = '20261202000000-product-admin-writes';

  override up(): void {
    this.addSql(`alter table products drop constraint products_status_check;`);
    this.addSql(`alter table products add constraint products_status_check check (status in ('active', 'draft', 'archived', 'unlisted'));`);
    this.addSql(`alter table products add column seo_title text, add column seo_description text;`);
    this.addSql(`alter table product_variants add column barcode text, add column taxable boolean not null default true;`);
    this.addSql(`
      create table variant_creation_days (
        shop_id bigint not null references shops (id) on delete cascade,
        day date not null,
        created integer not null,
        primary key (shop_id, day)
      );`);
  }

  override down(): void {
    this.addSql('drop table variant_creation_days;');
    this.addSql('alter table product_variants drop column barcode, drop column taxable;');
    this.addSql(`update products set status = 'active' where status = 'unlisted';`);
    this.addSql(`alter table products drop constraint products_status_check;`);
    this.addSql(`alter table products add constraint products_status_check check (status in ('active', 'draft', 'archived'));`);
    this.addSql('alter table products drop column seo_title, drop column seo_description;');
  }
}
