import { Migration } from '@mikro-orm/migrations';

// The shop's files (fileCreate): images of no product yet, kept in the same rows as products' images, so a file joins
// a product (productSet's files) by taking a product and a position. A row has both or neither.
export class ShopFiles extends Migration {
  override name = '20261205000000-shop-files';

  override up(): void {
    this.addSql(`
      alter table product_images
        alter column product_id drop not null,
        alter column position drop not null,
        add constraint product_images_product_position_check check ((product_id is null) = (position is null));`);
    this.addSql('create index product_images_shop_id_files_index on product_images (shop_id, id) where product_id is null;');
  }

  override down(): void {
    this.addSql('delete from product_images where product_id is null;');
    this.addSql('drop index product_images_shop_id_files_index;');
    this.addSql('alter table product_images drop constraint product_images_product_position_check, alter column product_id set not null, alter column position set not null;');
  }
}
