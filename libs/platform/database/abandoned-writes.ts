import type { EntityManager } from '@mikro-orm/core';

// EntityManagers whose request was answered without them: a GraphQL execution past its deadline answers TIMEOUT at
// once, while a resolver that already holds the request context may still be on its way to a write.
const abandoned = new WeakSet<EntityManager>();

/** Refused: the request's answer went out before this write committed. */
export class AbandonedWriteError extends Error {
  constructor() {
    super('The request was answered before this write committed (its deadline passed): the write is rolled back');
    this.name = 'AbandonedWriteError';
  }
}

/**
 * `em` with a `transactional` that neither starts nor commits once `abandonWrites(em)` was called: a client answered
 * TIMEOUT must not find the write done anyway (and make it twice when it tries again). The transaction's own
 * statements roll back with it; writes outside a transaction are single statements, done or not at the answer.
 */
export function guardWrites<T extends EntityManager>(em: T): T {
  const manager: EntityManager = em;
  const transactional = manager.transactional.bind(manager);
  manager.transactional = (work, options) =>
    transactional(async (tx) => {
      if (abandoned.has(manager)) throw new AbandonedWriteError();
      const result = await work(tx);
      if (abandoned.has(manager)) throw new AbandonedWriteError();
      return result;
    }, options);
  return em;
}

/** From now on, `em`'s transactions roll back instead of committing (`guardWrites`). */
export function abandonWrites(em: EntityManager): void {
  abandoned.add(em);
}
