import { DomainError } from '@platform/errors';
import type { GraphqlHook } from '../graphql-hooks.js';

export const TOKENLESS_MAX_COMPLEXITY = 1000;

/** Tokenless storefront queries are capped at complexity 1,000, computed like the admin cost; nothing runs over it. */
export function complexityLimitHook(max = TOKENLESS_MAX_COMPLEXITY): GraphqlHook {
  return {
    before(ctx, op) {
      if (ctx.caller.kind !== 'tokenless') return;
      const cost = op.costPlan().requested;
      if (cost > max) {
        throw new DomainError('MAX_COMPLEXITY_EXCEEDED', `Query has complexity of ${cost}, which exceeds max complexity of ${max}`, {
          extensions: { cost, maxCost: max },
        });
      }
    },
  };
}
