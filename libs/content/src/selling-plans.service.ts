import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { forkForShop, insertRows } from '@platform/database';
import { alignTo } from './align-to.js';
import { SellingPlanGroupProduct } from './selling-plan-group-product.entity.js';
import { SellingPlanGroup } from './selling-plan-group.entity.js';
import { SellingPlan } from './selling-plan.entity.js';
import { sellingPlanGroupRows } from './selling-plan.rules.js';
import type { ImportedSellingPlanGroup, NewSellingPlanGroup, SellingPlanGroupRead, SellingPlanRead } from './selling-plan.types.js';

/** Selling plan groups (subscriptions, pre-orders) with their plans, and the products they are offered on. */
@Injectable()
export class SellingPlansService {
  constructor(private readonly em: EntityManager) {}

  /**
   * Creates groups with their plans and product links in one transaction. Products are the catalog's, held by
   * plain id (a foreign key removes the link with the product); reads only ever join them within one shop.
   */
  async importSellingPlanGroups(shopId: number, groups: NewSellingPlanGroup[]): Promise<ImportedSellingPlanGroup[]> {
    if (groups.length === 0) return [];
    const prepared = groups.map((g, i) => sellingPlanGroupRows(g, `sellingPlanGroups[${i}]`));
    return forkForShop(this.em, shopId).transactional(async (em) => {
      const groupIds = await insertRows(em, SellingPlanGroup, prepared.map((p) => ({ shopId, ...p.group })));
      const planIds = await insertRows(em, SellingPlan, prepared.flatMap((p, i) => p.plans.map((plan) => ({ shopId, groupId: groupIds[i], ...plan }))));
      await insertRows(em, SellingPlanGroupProduct, prepared.flatMap((p, i) => p.productIds.map((productId) => ({ shopId, groupId: groupIds[i], productId }))));
      let n = 0;
      return prepared.map((p, i) => ({ id: groupIds[i], sellingPlanIds: p.plans.map(() => planIds[n++]) }));
    });
  }

  /** For each product (in the order asked), the groups offered on it with their plans: three statements for any number. */
  async sellingPlanGroupsForProducts(shopId: number, productIds: readonly number[]): Promise<SellingPlanGroupRead[][]> {
    if (productIds.length === 0) return [];
    const em = forkForShop(this.em, shopId);
    const links = await em.find(SellingPlanGroupProduct, { productId: { $in: [...new Set(productIds)] } }, { orderBy: { groupId: 'asc' }, disableIdentityMap: true });
    const groupIds = [...new Set(links.map((l) => l.groupId))];
    if (groupIds.length === 0) return productIds.map(() => []);
    const [groups, plans] = await Promise.all([
      em.find(SellingPlanGroup, { id: { $in: groupIds } }, { disableIdentityMap: true }),
      em.find(SellingPlan, { groupId: { $in: groupIds } }, { orderBy: { groupId: 'asc', position: 'asc' }, disableIdentityMap: true }),
    ]);
    const reads = new Map(
      groups.map((g) => [
        g.id,
        { id: g.id, name: g.name, appName: g.appName ?? null, options: g.options, sellingPlans: plans.filter((p) => p.groupId === g.id).map(planRead) },
      ]),
    );
    return productIds.map((id) => links.filter((l) => l.productId === id).map((l) => reads.get(l.groupId)!));
  }

  /** Selling plans by id (a cart line's plan), in the order asked (null where none). */
  async sellingPlansByIds(shopId: number, ids: readonly number[]): Promise<(SellingPlanRead | null)[]> {
    if (ids.length === 0) return [];
    const rows = await forkForShop(this.em, shopId).find(SellingPlan, { id: { $in: [...new Set(ids)] } }, { disableIdentityMap: true });
    return alignTo(ids, new Map(rows.map((r) => [r.id, planRead(r)])));
  }
}

function planRead(p: SellingPlan): SellingPlanRead {
  return {
    id: p.id,
    groupId: p.groupId,
    name: p.name,
    description: p.description ?? null,
    options: p.options,
    recurringDeliveries: p.recurringDeliveries,
    billingPolicy: p.billingPolicy ?? null,
    deliveryPolicy: p.deliveryPolicy ?? null,
    checkoutCharge: p.checkoutCharge,
    priceAdjustments: p.priceAdjustments,
  };
}
