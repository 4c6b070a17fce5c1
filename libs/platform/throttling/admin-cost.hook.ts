import { Injectable } from '@nestjs/common';
import { DomainError } from '@platform/errors';
import { type GraphqlHook, type PreparedOperation, actualCost, flattenPlan } from '@platform/graphql';
import type { RequestContext } from '@platform/request';
import { type BucketResult, formatRetryAfter } from './leaky-bucket.js';
import { ThrottleService } from './throttle.service.js';

export const SINGLE_QUERY_MAX_COST = 1000;
export const COST_DOCUMENTATION_URL = 'https://platform.dev/docs/api/usage/rate-limits#cost-calculation';
const INCLUDE_FIELDS_HEADER = 'x-graphql-cost-include-fields';

// What each operation reserved, and when: its refund and report start from it.
const reservations = new WeakMap<PreparedOperation, { bucket: BucketResult; at: number; cost: number }>();

/**
 * Admin GraphQL cost: the requested cost is checked against the single-query maximum and reserved from
 * the app's bucket before execution; requested − actual is refunded after. Reports `extensions.cost`.
 */
@Injectable()
export class AdminCostHook implements GraphqlHook {
  constructor(private readonly throttle: ThrottleService) {}

  async before(ctx: RequestContext, op: PreparedOperation): Promise<void> {
    const requested = op.costPlan().requested;
    if (requested > SINGLE_QUERY_MAX_COST) {
      throw new DomainError(
        'MAX_COST_EXCEEDED',
        `Query cost is ${requested}, which exceeds the single query max cost limit (${SINGLE_QUERY_MAX_COST}).`,
        { extensions: { cost: requested, maxCost: SINGLE_QUERY_MAX_COST, documentation: COST_DOCUMENTATION_URL } },
      );
    }
    const bucket = await this.throttle.takeAdminCost(ctx, requested);
    if (bucket && !bucket.allowed) {
      // Retry-After, as on the storefront's THROTTLED and REST's 429: one wait that every client can read.
      throw new DomainError('THROTTLED', 'Throttled', {
        extensions: { documentation: COST_DOCUMENTATION_URL },
        headers: { 'Retry-After': formatRetryAfter(bucket.retryAfterSeconds) },
        responseExtensions: { cost: this.report(ctx, op, requested, null, bucket) },
      });
    }
    if (bucket) reservations.set(op, { bucket, at: this.throttle.now(), cost: requested });
  }

  async after(ctx: RequestContext, op: PreparedOperation, result: { data?: unknown }): Promise<Record<string, unknown>> {
    const requested = op.costPlan().requested;
    const actual = actualCost(op.costPlan(), result.data);
    const reservation = reservations.get(op);
    const bucket = reservation ? this.throttle.refundAdminCost(ctx, reservation, Math.max(0, reservation.cost - actual)) : null;
    return { cost: this.report(ctx, op, requested, actual, bucket) };
  }

  private report(ctx: RequestContext, op: PreparedOperation, requested: number, actual: number | null, bucket: BucketResult | null) {
    const cfg = this.throttle.limits(ctx).adminGraphql;
    const cost: Record<string, unknown> = {
      requestedQueryCost: requested,
      actualQueryCost: actual,
      throttleStatus: {
        maximumAvailable: cfg.capacity,
        currentlyAvailable: bucket ? Math.floor(bucket.available) : cfg.capacity,
        restoreRate: cfg.leakPerSecond,
      },
    };
    if (String(op.headers[INCLUDE_FIELDS_HEADER]).toLowerCase() === 'true') {
      cost.fields = flattenPlan(op.costPlan()).map((f) => ({
        path: f.path,
        definedCost: f.definedCost,
        requestedTotalCost: f.requestedTotalCost,
        requestedChildrenCost: f.requestedChildrenCost,
      }));
    }
    return cost;
  }
}
