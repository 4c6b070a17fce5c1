import { Migration } from '@mikro-orm/migrations';

// The variant-creation limit counts a shop's variants only once a day's creations pass the daily limit; `below_until`
// keeps what that count showed (the day's count up to which the shop stays under the threshold), so the count is not
// made again by every write after it.
export class VariantLimitHeadroom extends Migration {
  override name = '20261203000200-variant-limit-headroom';

  override up(): void {
    this.addSql('alter table variant_creation_days add column below_until integer;');
  }

  override down(): void {
    this.addSql('alter table variant_creation_days drop column below_until;');
  }
}
