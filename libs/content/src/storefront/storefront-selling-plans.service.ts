import { Injectable } from '@nestjs/common';
import DataLoader from 'dataloader';
import { type RequestContext, requestScoped } from '@platform/request';
import type { SellingPlanGroupRead } from '../selling-plan.types.js';
import { SellingPlansService } from '../selling-plans.service.js';

/** Selling plan groups of products for storefront reads, batched per request (one load for a whole page). */
@Injectable()
export class StorefrontSellingPlansService {
  constructor(private readonly plans: SellingPlansService) {}

  groupsOf(ctx: RequestContext, productId: number): Promise<SellingPlanGroupRead[]> {
    return requestScoped(ctx, 'content:sellingPlanGroups', () =>
      new DataLoader<number, SellingPlanGroupRead[]>((ids) => this.plans.sellingPlanGroupsForProducts(ctx.shop.id, ids)),
    ).load(productId);
  }
}
