import type { EntityManager, FilterDef } from '@mikro-orm/core';
import { guardWrites } from './abandoned-writes.js';

export const TENANT_FILTER = 'tenant';

export interface TenantFilterArgs {
  shopId: number;
}

// Applied to every query: rows with a shop_id are limited to the shop of the request. A query on
// such rows without a shop is a bug, so it fails loudly instead of reading every tenant's data.
export const tenantFilter: FilterDef = {
  name: TENANT_FILTER,
  default: true,
  args: false,
  cond: (args: TenantFilterArgs | undefined, _type: unknown, em: EntityManager, _options: unknown, entityName?: string) => {
    const meta = entityName ? em.getMetadata().getByClassName(entityName, false) : undefined;
    if (!meta?.properties.shopId) return {};
    if (!args?.shopId) throw new Error(`Query on ${entityName} has no shop: use the request context's EntityManager`);
    return { shopId: args.shopId };
  },
};

/**
 * A fresh EntityManager whose tenant filter is bound to one shop: the only way code reads tenant rows. Its
 * transactions can be abandoned with the request that made it (`abandonWrites`).
 */
export function forkForShop<T extends EntityManager>(em: T, shopId: number): T {
  const fork = em.fork() as T;
  fork.setFilterParams(TENANT_FILTER, { shopId } satisfies TenantFilterArgs);
  return guardWrites(fork);
}
