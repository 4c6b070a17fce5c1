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
