import type { EntityName } from '@mikro-orm/core';
import { type EntityManager, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { DomainError } from '@platform/errors';

/** Refuses ids that are not rows of this shop (the EntityManager's tenant filter scopes the lookup). */
export async function requireIds(em: EntityManager, entity: EntityName<{ id: number }>, ids: number[], field: string): Promise<void> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return;
  const found = await em.find(entity, { id: { $in: wanted } }, { fields: ['id'], disableIdentityMap: true });
  if (found.length === wanted.length) return;
  const missing = wanted.filter((id) => !found.some((row) => row.id === id));
  throw new DomainError('UNPROCESSABLE', `do not exist: ${missing.join(', ')}`, { field, code: 'NOT_FOUND' });
}

/** A unique violation (with an existing row) is the caller's input error on `field`. */
export async function taken<T>(field: string, work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) {
      throw new DomainError('UNPROCESSABLE', 'has already been taken', { field, code: 'TAKEN' });
    }
    throw error;
  }
}
