import { Inject, Injectable } from '@nestjs/common';
import { DomainError } from '@platform/errors';
import type { GraphqlHook, PreparedOperation } from '@platform/graphql';
import type { RequestContext } from '@platform/request';
import { DEFAULT_CART_MUTATION_BURST, cartMutationFields, cartMutationsIn, namesBuyerIp } from './bot-protection.rules.js';
import type { BucketConfig } from './leaky-bucket.js';
import type { LimitOverrides } from './limits.js';
import { LIMIT_OVERRIDES, ThrottleService } from './throttle.service.js';

const BUYER_IP_HEADER = 'platform-storefront-buyer-ip';

export const MISSING_BUYER_IP_MESSAGE =
  'Security rejection: cart changes with a private token must send the buyer\'s IP address in the Platform-Storefront-Buyer-IP header.';
export const CART_BURST_MESSAGE =
  'Security rejection: too many cart changes from this buyer IP address. Send each buyer\'s own IP address in the Platform-Storefront-Buyer-IP header.';

/**
 * Bot protection of the storefront's Cart object on the plus plan (spec 1: HTTP 430). Before a mutation that
 * changes carts runs, it refuses a private-token request that names no buyer IP, and a buyer IP past its burst of
 * cart mutations. Queries, other mutations, the standard plan and the checkout pages are never looked at.
 */
@Injectable()
export class BotProtectionHook implements GraphqlHook {
  private readonly burst: BucketConfig;

  constructor(
    private readonly throttle: ThrottleService,
    @Inject(LIMIT_OVERRIDES) overrides: LimitOverrides,
  ) {
    this.burst = { ...DEFAULT_CART_MUTATION_BURST, ...Object.fromEntries(Object.entries(overrides.cartMutationBurst ?? {}).filter(([, v]) => v !== undefined)) };
  }

  async before(ctx: RequestContext, op: PreparedOperation): Promise<void> {
    if (ctx.shop.plan !== 'plus') return;
    const mutations = cartMutationsIn(op.operation, op.document, cartMutationFields(op.schema));
    if (mutations === 0) return;
    if (ctx.caller.kind === 'storefront_private' && !namesBuyerIp(op.headers[BUYER_IP_HEADER])) {
      throw new DomainError('SECURITY_REJECTED', MISSING_BUYER_IP_MESSAGE);
    }
    // More cart mutations in one operation than a whole burst allows is refused without touching the bucket.
    const allowed = mutations <= this.burst.capacity && (await this.throttle.cartMutations(ctx, this.burst, mutations));
    if (!allowed) throw new DomainError('SECURITY_REJECTED', CART_BURST_MESSAGE);
  }
}
