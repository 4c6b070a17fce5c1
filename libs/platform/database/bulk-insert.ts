import type { EntityName } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';

// Postgres allows 65,535 bind parameters per statement; stay well under it.
const MAX_PARAMS = 30_000;

/**
 * Multi-row INSERT … RETURNING id (one statement per chunk, sized by the column count), in the EntityManager's
 * transaction; returns the ids in row order. Every row must have the same keys.
 */
export async function insertRows<T extends object>(em: EntityManager, entity: EntityName<T>, rows: object[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const perStatement = Math.max(1, Math.floor(MAX_PARAMS / Object.keys(rows[0]).length));
  const ids: number[] = [];
  for (let start = 0; start < rows.length; start += perStatement) {
    // The driver, not em.insertMany: MikroORM 7's insertMany returns only the first id of a batch.
    const result = await em.getDriver().nativeInsertMany(entity, rows.slice(start, start + perStatement) as never, { ctx: em.getTransactionContext() });
    const inserted = (result.rows ?? []) as { id: string | number }[];
    for (const row of inserted) ids.push(Number(row.id));
  }
  if (ids.length !== rows.length) throw new Error(`Inserted ${rows.length} rows but got ${ids.length} ids back`);
  return ids;
}
