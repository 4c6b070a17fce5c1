import type { Opt } from '@mikro-orm/core';
import { Entity, Enum, Property } from '@mikro-orm/decorators/legacy';
import { BaseEntity } from '@platform/database';

export const SHOP_PLANS = ['standard', 'plus'] as const;
export type ShopPlan = (typeof SHOP_PLANS)[number];

export const SHOP_STATES = ['active', 'frozen', 'fraudulent', 'locked'] as const;
export type ShopState = (typeof SHOP_STATES)[number];

/** The tenant. Not a TenantEntity itself: every other tenant row points at it by shop_id. */
@Entity({ tableName: 'shops' })
export class Shop extends BaseEntity {
  @Property({ unique: true })
  handle!: string;

  @Property()
  name!: string;

  /** Primary domain; `<handle>.<PLATFORM_DOMAIN>` unless the shop has its own. */
  @Property({ unique: true })
  domain!: string;

  @Enum({ items: () => SHOP_PLANS })
  plan: Opt<ShopPlan> = 'standard';

  @Enum({ items: () => SHOP_STATES })
  state: Opt<ShopState> = 'active';

  @Property({ length: 3 })
  currency: Opt<string> = 'USD';

  @Property({ type: 'text[]' })
  enabledCountries: Opt<string[]> = ['US'];

  @Property({ type: 'text[]' })
  enabledLanguages: Opt<string[]> = ['EN'];
}
