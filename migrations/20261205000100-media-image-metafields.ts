import { Migration } from '@mikro-orm/migrations';

// Product images keep metafields (REST's image create sets them; the hosted owner type MEDIA_IMAGE).
export class MediaImageMetafields extends Migration {
  override name = '20261205000100-media-image-metafields';

  override up(): void {
    this.addSql(`
      alter table metafields drop constraint metafields_owner_type_check,
        add constraint metafields_owner_type_check check (owner_type in (
          'PRODUCT', 'PRODUCTVARIANT', 'COLLECTION', 'SHOP', 'PAGE', 'BLOG', 'ARTICLE', 'CUSTOMER', 'MARKET', 'ORDER', 'COMPANY', 'MEDIA_IMAGE'));`);
  }

  override down(): void {
    this.addSql(`delete from metafields where owner_type = 'MEDIA_IMAGE';`);
    this.addSql(`
      alter table metafields drop constraint metafields_owner_type_check,
        add constraint metafields_owner_type_check check (owner_type in (
          'PRODUCT', 'PRODUCTVARIANT', 'COLLECTION', 'SHOP', 'PAGE', 'BLOG', 'ARTICLE', 'CUSTOMER', 'MARKET', 'ORDER', 'COMPANY'));`);
  }
}
