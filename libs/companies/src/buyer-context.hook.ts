import { Injectable } from '@nestjs/common';
import type { GraphqlHook } from '@platform/graphql';
import { setBuyerOf } from '@platform/localization';
import { type RequestContext, inContextOf } from '@platform/request';
import { BuyersService } from './buyers.service.js';

/**
 * The storefront hook that makes `@inContext(buyer:)` real: after the directive is read (and its version gate
 * passed), it checks the buyer once, before anything executes, and records it for the request (`buyerOf(ctx)`).
 * A request without `buyer` costs nothing here.
 */
@Injectable()
export class BuyerContextHook implements GraphqlHook {
  constructor(private readonly buyers: BuyersService) {}

  before(ctx: RequestContext): Promise<void> | void {
    const input = inContextOf(ctx).buyer;
    if (!input) return;
    return this.buyers.buyer(ctx, input).then((buyer) => setBuyerOf(ctx, buyer));
  }
}
