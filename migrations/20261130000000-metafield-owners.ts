import { Migration } from '@mikro-orm/migrations';

// Orders and companies keep metafields (their contexts register them as owners): the owner types a row may name grow
// by ORDER and COMPANY, the hosted platform's names. Existing rows name neither.
export class MetafieldOwners extends Migration {
  override name = '20261130000000-metafield-owners';

  override up(): void {
    this.addSql(`
      alter table metafields drop constraint metafields_owner_type_check,
        add constraint metafields_owner_type_check check (owner_type in (
          'PRODUCT', 'PRODUCTVARIANT', 'COLLECTION', 'SHOP', 'PAGE', 'BLOG', 'ARTICLE', 'CUSTOMER', 'MARKET', 'ORDER', 'COMPANY'));`);
  }

  override down(): void {
    this.addSql(`
      alter table metafields drop constraint metafields_owner_type_check,
        add constraint metafields_owner_type_check check (owner_type in (
          'PRODUCT', 'PRODUCTVARIANT', 'COLLECTION', 'SHOP', 'PAGE', 'BLOG', 'ARTICLE', 'CUSTOMER', 'MARKET'));`);
  }
}
