import { TransactionPropagation } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';

// Request contexts made for a transaction (`inTransaction(ctx, em)`) and its EntityManager: raw SQL of such a
// ctx joins the transaction; any other runs on the pool (and reading `ctx.em` would fork one for nothing).
const transactions = new WeakMap<object, EntityManager>();

/** Records that `ctx` writes in the transaction of `em` (`inTransaction` of @platform/request calls it). */
export function markTransaction(ctx: object, em: EntityManager): void {
  transactions.set(ctx, em);
}

/** The transaction's EntityManager of a ctx made by `inTransaction`, or undefined. */
export function transactionOf(ctx: object): EntityManager | undefined {
  return transactions.get(ctx);
}

/**
 * `em.transactional(work, joinCaller())`: a write that joins its caller's transaction without a savepoint (two
 * statements saved), or starts one. For writes whose callers give up whole when they fail (productSet's steps).
 * A new object each time: MikroORM writes the transaction into the options it is given.
 */
export function joinCaller(): { propagation: TransactionPropagation } {
  return { propagation: TransactionPropagation.REQUIRED };
}
