import type { EntityName } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';

// Postgres allows 65,535 bind parameters per statement; stay well under it.
const MAX_PARAMS = 30_000;

/** Multi-row INSERTs (one statement per chunk, sized by the column count); returns ids in row order. */
export async function insertRows<T extends object>(em: EntityManager, entity: EntityName<T>, rows: object[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const perStatement = Math.max(1, Math.floor(MAX_PARAMS / Object.keys(rows[0]).length));
  const ids: number[] = [];
  for (let start = 0; start < rows.length; start += perStatement) {
    const inserted = await em.insertMany(entity, rows.slice(start, start + perStatement) as never);
    for (const id of inserted) ids.push(Number(id));
  }
  return ids;
}
