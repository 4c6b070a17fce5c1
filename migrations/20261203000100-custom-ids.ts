import { Migration } from '@mikro-orm/migrations';

// Custom ids: a product or collection is found by the value of its `id`-typed metafield (namespace, key). The index
// keeps that lookup one probe; the value is hashed because an `id` value has no length bound a btree could hold.
export class CustomIds extends Migration {
  override name = '20261203000100-custom-ids';

  override up(): void {
    this.addSql(`create index metafields_custom_id_index on metafields (shop_id, owner_type, namespace, key, md5(value)) where type = 'id';`);
  }

  override down(): void {
    this.addSql('drop index metafields_custom_id_index;');
  }
}
