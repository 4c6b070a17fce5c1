import type { RequestContext } from '@platform/request';
import type { NewSellingPlanGroup } from '../selling-plan.inputs.js';
import type { ImportedSellingPlanGroup } from '../selling-plan.records.js';
import { SellingPlansService } from '../selling-plans.service.js';

/** What a test says about the group it needs; by default one monthly plan, offered on `productIds` if given. */
export type SellingPlanGroupTraits = Partial<NewSellingPlanGroup>;

let made = 0;

/** A selling plan group of ctx's shop with its plans, written by the catalog's own import. */
export async function createSellingPlanGroup(ctx: RequestContext, traits: SellingPlanGroupTraits = {}): Promise<ImportedSellingPlanGroup> {
  made += 1;
  const [group] = await new SellingPlansService().importSellingPlanGroups(ctx, [
    {
      name: `Factory plans ${made}`,
      options: ['Delivery every'],
      sellingPlans: [{ name: 'Monthly', options: ['1 month'], deliveryPolicy: { interval: 'MONTH', intervalCount: 1 } }],
      ...traits,
    },
  ]);
  return group!;
}
