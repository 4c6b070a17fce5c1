import { Migration } from '@mikro-orm/migrations';

// Cart lines take attributes (key and value, kept sorted by key). A cart merges lines only of one variant with equal
// attributes, so the unique key becomes (cart, variant, attributes), the attributes by their MD5: a btree entry holds
// at most ~2.7 kB, less than attributes may take, and a collision could only merge two lines of one cart. Existing
// lines have none.
export class CartLineAttributes extends Migration {
  override name = '20261128000100-cart-line-attributes';

  override up(): void {
    this.addSql(`alter table cart_lines add column attributes jsonb not null default '[]';`);
    this.addSql('drop index cart_lines_cart_id_variant_id_unique;');
    this.addSql('create unique index cart_lines_cart_id_variant_id_attributes_unique on cart_lines (cart_id, variant_id, md5(attributes::text));');
  }

  override down(): void {
    this.addSql('drop index cart_lines_cart_id_variant_id_attributes_unique;');
    // Lines that only their attributes told apart become one again.
    this.addSql(`
      with merged as (select min(id) as keep, cart_id, variant_id, sum(quantity)::int as quantity from cart_lines group by cart_id, variant_id having count(*) > 1),
        gone as (delete from cart_lines l using merged m where l.cart_id = m.cart_id and l.variant_id = m.variant_id and l.id <> m.keep)
      update cart_lines l set quantity = m.quantity from merged m where l.id = m.keep;`);
    this.addSql('create unique index cart_lines_cart_id_variant_id_unique on cart_lines (cart_id, variant_id);');
    this.addSql('alter table cart_lines drop column attributes;');
  }
}
