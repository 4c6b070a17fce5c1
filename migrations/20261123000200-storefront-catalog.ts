import { Migration } from '@mikro-orm/migrations';

// What storefront reads need on products: price and availability aggregates of the variants (sorting by
// price, priceRange without loading variants), a weighted full-text vector (search), and keyset indexes
// for every sort key (page 1,000 costs what page 1 costs).
export class StorefrontCatalog extends Migration {
  override name = '20261123000200-storefront-catalog';

  override up(): void {
    this.addSql(`
      alter table products
        add column min_price numeric(20, 2) not null default 0,
        add column max_price numeric(20, 2) not null default 0,
        add column min_compare_at_price numeric(20, 2),
        add column max_compare_at_price numeric(20, 2),
        add column available_for_sale boolean not null default false,
        add column total_inventory integer not null default 0,
        add column search_vector tsvector;`);
    this.addSql(`
      update products p set
        min_price = v.min_price, max_price = v.max_price,
        min_compare_at_price = v.min_compare_at_price, max_compare_at_price = v.max_compare_at_price,
        available_for_sale = v.available_for_sale, total_inventory = v.total_inventory
      from (
        select product_id, min(price) as min_price, max(price) as max_price,
               min(compare_at_price) as min_compare_at_price, max(compare_at_price) as max_compare_at_price,
               bool_or(available_for_sale) as available_for_sale, coalesce(sum(inventory_quantity), 0) as total_inventory
        from product_variants group by product_id
      ) v
      where v.product_id = p.id;`);
    // Title weighs most, then tags, vendor and type, then the description without its markup.
    this.addSql(`
      create function products_search_vector() returns trigger language plpgsql as $$
      begin
        new.search_vector :=
          setweight(to_tsvector('english', coalesce(new.title, '')), 'A') ||
          setweight(to_tsvector('english', array_to_string(new.tags, ' ')), 'B') ||
          setweight(to_tsvector('english', coalesce(new.vendor, '') || ' ' || coalesce(new.product_type, '')), 'B') ||
          setweight(to_tsvector('english', regexp_replace(coalesce(new.description_html, ''), '<[^>]*>', ' ', 'g')), 'C');
        return new;
      end $$;`);
    this.addSql(`
      create trigger products_search_vector_trigger
      before insert or update of title, tags, vendor, product_type, description_html on products
      for each row execute function products_search_vector();`);
    this.addSql('update products set title = title;');
    this.addSql('create index products_search_vector_index on products using gin (search_vector);');
    for (const column of ['title', 'vendor', 'product_type', 'created_at', 'updated_at', 'min_price', 'published_at']) {
      this.addSql(`create index products_shop_id_${column}_id_index on products (shop_id, ${column}, id);`);
    }
    this.addSql('create index collections_shop_id_title_id_index on collections (shop_id, title, id);');
    this.addSql('create index collections_shop_id_updated_at_id_index on collections (shop_id, updated_at, id);');
    this.addSql('create index collection_products_collection_id_position_id_index on collection_products (collection_id, position, id);');
  }

  override down(): void {
    this.addSql('drop trigger products_search_vector_trigger on products;');
    this.addSql('drop function products_search_vector();');
    this.addSql(`
      alter table products
        drop column min_price, drop column max_price, drop column min_compare_at_price, drop column max_compare_at_price,
        drop column available_for_sale, drop column total_inventory, drop column search_vector;`);
  }
}
