import { Migration } from '@mikro-orm/migrations';

// Product images the platform keeps itself: the stored file's key (served at /files/<key>), its type, where it came
// from, and its media status (`READY` for a file kept at once; a download goes UPLOADED → PROCESSING → READY or FAILED,
// with the hosted media errors, tried at most a few times); a file several images show goes with the last of them. An image's variants point at it: a variant has at most one image.
export class ProductImageFiles extends Migration {
  override name = '20261204000000-product-image-files';

  override up(): void {
    this.addSql(`
      alter table product_images
        add column file_key text,
        add column mime_type text,
        add column original_source text,
        add column status text not null default 'READY' check (status in ('UPLOADED', 'PROCESSING', 'READY', 'FAILED')),
        add column media_errors jsonb not null default '[]',
        add column download_attempts integer not null default 0;`);
    // A kept file may be shown by several images (the seed's pictures): it goes when the last of them does.
    this.addSql('create index product_images_shop_id_file_key_index on product_images (shop_id, file_key) where file_key is not null;');
    this.addSql('alter table product_variants add column image_id bigint references product_images (id) on delete set null;');
    this.addSql('create index product_variants_image_id_index on product_variants (image_id) where image_id is not null;');
  }

  override down(): void {
    this.addSql('alter table product_variants drop column image_id;');
    this.addSql('alter table product_images drop column file_key, drop column mime_type, drop column original_source, drop column status, drop column media_errors, drop column download_attempts;');
  }
}
