import { Migration } from '@mikro-orm/migrations';

// Orders keep tags as customers and products do (`tagsAdd`/`tagsRemove`): at most 250 of 255 characters each,
// bounded where they are written. Existing orders have none.
export class OrderTags extends Migration {
  override name = '20261129000000-order-tags';

  override up(): void {
    this.addSql(`alter table orders add column tags text[] not null default '{}';`);
  }

  override down(): void {
    this.addSql('alter table orders drop column tags;');
  }
}
