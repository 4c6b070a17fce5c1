import type { EntityName } from '@mikro-orm/core';
import { type EntityManager, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { ContentErrors, taken } from './content.errors.js';

// The checks of an import that need the database: the rows it links are the shop's, and the keys it adds are not taken.

/** Refuses ids that are not rows of this shop (the EntityManager's tenant filter scopes the lookup). */
export async function requireIds(em: EntityManager, entity: EntityName<{ id: number }>, ids: number[], field: string): Promise<void> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return;
  const found = await em.find(entity, { id: { $in: wanted } }, { fields: ['id'], disableIdentityMap: true });
  if (found.length === wanted.length) return;
  const missing = wanted.filter((id) => !found.some((row) => row.id === id));
  throw ContentErrors.NOT_FOUND(`do not exist: ${missing.join(', ')}`, { field });
}

/** A unique violation (with an existing row) is the caller's input error on `field`. */
export async function uniqueOn<T>(field: string, work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) {
      throw taken(field);
    }
    throw error;
  }
}
