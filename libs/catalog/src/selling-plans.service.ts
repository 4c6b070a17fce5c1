import { Injectable } from '@nestjs/common';
import { insertRows } from '@platform/database';
import type { RequestContext } from '@platform/request';
import { SellingPlanGroupProduct } from './selling-plan-group-product.entity.js';
import { SellingPlanGroup } from './selling-plan-group.entity.js';
import { SellingPlan } from './selling-plan.entity.js';
import { sellingPlanGroupRows } from './selling-plan.rules.js';
import type { NewSellingPlanGroup } from './selling-plan.inputs.js';
import type { ImportedSellingPlanGroup } from './selling-plan.records.js';

/** Writes selling plan groups (subscriptions, pre-orders) with their plans, and the products they are offered on. */
@Injectable()
export class SellingPlansService {
  /**
   * Creates groups with their plans and product links in one transaction. Products are the catalog's, held by
   * plain id (a foreign key removes the link with the product); reads only ever join them within one shop.
   */
  async importSellingPlanGroups(ctx: RequestContext, groups: NewSellingPlanGroup[]): Promise<ImportedSellingPlanGroup[]> {
    if (groups.length === 0) return [];
    const prepared = groups.map((g, i) => sellingPlanGroupRows(g, `sellingPlanGroups[${i}]`));
    const shopId = ctx.shop.id;
    return ctx.em.transactional(async (em) => {
      const groupIds = await insertRows(em, SellingPlanGroup, prepared.map((p) => ({ shopId, ...p.group })));
      const planIds = await insertRows(em, SellingPlan, prepared.flatMap((p, i) => p.plans.map((plan) => ({ shopId, groupId: groupIds[i], ...plan }))));
      await insertRows(em, SellingPlanGroupProduct, prepared.flatMap((p, i) => p.productIds.map((productId) => ({ shopId, groupId: groupIds[i], productId }))));
      let n = 0;
      return prepared.map((p, i) => ({ id: groupIds[i], sellingPlanIds: p.plans.map(() => planIds[n++]) }));
    });
  }
}
