import { Injectable } from '@nestjs/common';
import DataLoader from 'dataloader';
import { SqlPool, preparedSql } from '@platform/database';
import { type ListPage, type PageRequest, type SortSpec, childrenPageSql, keysetPlan, pageKey, toListPage } from '@platform/paging';
import { SqlParams } from '@platform/sql';
import { type RequestContext, requestScoped } from '@platform/request';
import type { SellingPlanGroupRecord, SellingPlanRecord } from '../selling-plan.records.js';
import { SELLING_PLANS_OF_GROUPS, SELLING_PLAN_GROUPS_OF_PRODUCTS_FROM, SELLING_PLAN_GROUP_COLUMNS } from './selling-plan.sql.js';

const GROUPS_BY_ID: SortSpec = { expression: 'g.id', cast: 'bigint', descending: false };
const plansOfGroups = preparedSql(SELLING_PLANS_OF_GROUPS);

type GroupRow = Omit<SellingPlanGroupRecord, 'sellingPlans'> & { parentId: number; rn: string };

/** Selling plan groups of products for storefront reads, batched per request: two statements for a whole page of products. */
@Injectable()
export class SellingPlansStorefrontService {
  constructor(private readonly sql: SqlPool) {}

  /** A page of the groups offered on a product, by id, each with all its plans (a group has a handful). */
  groupsOfProduct(ctx: RequestContext, productId: number, page: PageRequest): Promise<ListPage<SellingPlanGroupRecord>> {
    const loader = requestScoped(ctx, `catalog:sellingPlanGroups:${pageKey(page)}`, () => {
      // $1 shop, $2 product ids, $3 rows per product; the cursor adds its values.
      const params = new SqlParams(3);
      const keyset = keysetPlan({ connection: 'product.sellingPlanGroups', sortKey: 'ID' }, GROUPS_BY_ID, page, 'g.id', params);
      const statement = preparedSql(
        childrenPageSql({
          columns: SELLING_PLAN_GROUP_COLUMNS,
          from: SELLING_PLAN_GROUPS_OF_PRODUCTS_FROM,
          parentColumn: 'gp.product_id',
          keyset,
        }),
      );
      return new DataLoader<number, ListPage<SellingPlanGroupRecord>>(async (productIds) => {
        const rows = await this.sql.rows<GroupRow>(ctx, statement, [ctx.shop.id, productIds, page.size + 1, ...params.values]);
        const groupIds = [...new Set(rows.map((r) => r.id))];
        const plans = groupIds.length === 0 ? [] : await this.sql.rows<SellingPlanRecord>(ctx, plansOfGroups, [ctx.shop.id, groupIds]);
        const byProduct = new Map<number, SellingPlanGroupRecord[]>();
        for (const { parentId, rn: _rn, ...group } of rows) {
          const read = { ...group, sellingPlans: plans.filter((p) => p.groupId === group.id) };
          const list = byProduct.get(parentId);
          if (list) list.push(read);
          else byProduct.set(parentId, [read]);
        }
        return productIds.map((id) => toListPage(byProduct.get(id) ?? [], page, keyset));
      });
    });
    return loader.load(productId);
  }
}
