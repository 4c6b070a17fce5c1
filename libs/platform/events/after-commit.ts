import { type EntityManager, type EventSubscriber, type Transaction, TransactionContext, type TransactionEventArgs } from '@mikro-orm/core';

type Work = () => Promise<void>;

/**
 * Holds work until the database transaction it belongs to commits, and drops it if that transaction rolls back,
 * from MikroORM's transaction events. Work held inside a savepoint (a `transactional` nested in another) moves to
 * the enclosing transaction when the savepoint is released, so it still waits for the real commit.
 */
export class AfterCommit implements EventSubscriber {
  private readonly held = new WeakMap<Transaction, Work[]>();
  private readonly enclosing = new WeakMap<Transaction, Transaction>();
  // A savepoint starts with `beforeTransactionStart` naming the transaction around it, then `afterTransactionStart`
  // naming the savepoint, both for the EntityManager fork that runs it.
  private readonly opening = new WeakMap<EntityManager, Transaction>();
  private readonly ended = new WeakSet<Transaction>();

  /**
   * Holds `work` for the transaction open around this call (MikroORM's transaction context: the callback of
   * `em.transactional`); false when there is none.
   */
  hold(work: Work): boolean {
    if (!this.openTransaction()) return false;
    this.add(TransactionContext.currentTransactionContext()!.em.getTransactionContext<Transaction>()!, [work]);
    return true;
  }

  /** The EntityManager of the transaction open around this call (its writes commit with it); undefined when there is none. */
  openTransaction(): EntityManager | undefined {
    const em = TransactionContext.currentTransactionContext()?.em;
    const transaction = em?.getTransactionContext<Transaction>();
    return transaction && !this.ended.has(transaction) ? em : undefined;
  }

  beforeTransactionStart({ em, transaction }: TransactionEventArgs): void {
    if (transaction) this.opening.set(em, transaction);
  }

  afterTransactionStart({ em, transaction }: TransactionEventArgs): void {
    const outer = this.opening.get(em);
    if (!outer || !transaction) return;
    this.opening.delete(em);
    this.enclosing.set(transaction, outer);
  }

  async afterTransactionCommit({ transaction }: TransactionEventArgs): Promise<void> {
    const work = transaction && this.end(transaction);
    if (!work) return;
    const outer = this.enclosing.get(transaction);
    if (outer) return this.add(outer, work);
    for (const run of work) await run();
  }

  afterTransactionRollback({ transaction }: TransactionEventArgs): void {
    if (transaction) this.end(transaction);
  }

  private add(transaction: Transaction, work: Work[]): void {
    const list = this.held.get(transaction);
    if (list) list.push(...work);
    else this.held.set(transaction, [...work]);
  }

  private end(transaction: Transaction): Work[] | undefined {
    this.ended.add(transaction);
    const work = this.held.get(transaction);
    this.held.delete(transaction);
    return work;
  }
}
