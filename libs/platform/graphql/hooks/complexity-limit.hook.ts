import { DomainError } from '@platform/errors';
import type { GraphqlHook } from '../graphql-hooks.js';

export interface ComplexityLimits {
  /** The spec's limit for requests without a token. */
  readonly tokenless: number;
  /**
   * Requests with a storefront token (public tokens are visible to every buyer, so they are no credential
   * of trust): high enough for any real page, low enough that a query multiplying pages of 250 several
   * levels deep is refused before it runs.
   */
  readonly withToken: number;
}

export const TOKENLESS_MAX_COMPLEXITY = 1000;
export const TOKEN_MAX_COMPLEXITY = 50_000;

export const DEFAULT_COMPLEXITY_LIMITS: ComplexityLimits = Object.freeze({ tokenless: TOKENLESS_MAX_COMPLEXITY, withToken: TOKEN_MAX_COMPLEXITY });

/** Every storefront query is capped by its complexity, computed like the admin cost; nothing runs over it. */
export function complexityLimitHook(limits: ComplexityLimits = DEFAULT_COMPLEXITY_LIMITS): GraphqlHook {
  return {
    before(ctx, op) {
      const max = ctx.caller.kind === 'tokenless' ? limits.tokenless : limits.withToken;
      const cost = op.costPlan().requested;
      if (cost > max) {
        throw new DomainError('MAX_COMPLEXITY_EXCEEDED', `Query has complexity of ${cost}, which exceeds max complexity of ${max}`, {
          extensions: { cost, maxCost: max },
        });
      }
    },
  };
}
