import type { EntityName, EntityProperty } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { SqlPool, type SqlStatement, preparedSql } from './sql-pool.js';

// Postgres allows 65,535 bind parameters per statement; stay well under it.
const MAX_PARAMS = 30_000;
// A statement of a few rows (a product's variants, an order's lines) is prepared once per connection and reused; a
// larger one (the seed's, an import's) is sent unnamed, so a connection keeps no statement per batch size.
const MAX_PREPARED_ROWS = 16;

/**
 * Multi-row INSERT … RETURNING id (one statement per chunk, sized by the column count), in the EntityManager's
 * transaction; returns the ids in row order. Every row must have the same keys: the entity's property names, each
 * value converted as the ORM converts it (JSON, arrays, bigints), undefined taking the property's default. The values
 * are bound, never written into the SQL: a repeated shape is planned once, where the ORM's own inserts are parsed anew.
 */
export async function insertRows<T extends object>(em: EntityManager, entity: EntityName<T>, rows: object[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const sql = await SqlPool.onOrm(em);
  const meta = em.getMetadata().get(entity);
  const platform = em.getPlatform();
  const keys = Object.keys(rows[0]!);
  const properties = meta.properties as Record<string, EntityProperty | undefined>;
  const props = keys.map((key) => properties[key]);
  const columns = keys.map((key, i) => `"${props[i]?.fieldNames[0] ?? key}"`).join(', ');
  const perStatement = Math.max(1, Math.floor(MAX_PARAMS / keys.length));
  const ids: number[] = [];
  for (let start = 0; start < rows.length; start += perStatement) {
    const chunk = rows.slice(start, start + perStatement);
    const values: unknown[] = [];
    const tuples = chunk.map((row) => {
      const record = row as Record<string, unknown>;
      const cells = keys.map((key, i) => {
        const value = databaseValue(props[i], record[key], platform);
        if (value === DEFAULT) return 'default';
        values.push(value);
        return `$${values.length}`;
      });
      return `(${cells.join(', ')})`;
    });
    const text = `insert into "${meta.tableName}" (${columns}) values ${tuples.join(', ')} returning id`;
    const statement: SqlStatement = chunk.length <= MAX_PREPARED_ROWS ? preparedSql(text) : { text };
    let inserted: { id: number }[];
    try {
      inserted = await sql.rowsOf<{ id: number }>(em, statement, values);
    } catch (error) {
      // As the ORM's insert failed: a taken key is its UniqueConstraintViolationException, and so on.
      throw em.getDriver().convertException(error as Error);
    }
    for (const row of inserted) ids.push(row.id);
  }
  if (ids.length !== rows.length) throw new Error(`Inserted ${rows.length} rows but got ${ids.length} ids back`);
  return ids;
}

const DEFAULT = Symbol('default');

// What the ORM would write for the property (its own insert's rules): a nullable null stays null, an absent value
// takes the property's default (else the column's), a custom type converts it.
function databaseValue(prop: EntityProperty | undefined, value: unknown, platform: ReturnType<EntityManager['getPlatform']>): unknown {
  if (!prop) return value === undefined ? DEFAULT : value;
  if (prop.nullable && value === null) return null;
  const given = value ?? prop.default;
  if (given === undefined) return DEFAULT;
  return prop.customType ? prop.customType.convertToDatabaseValue(given, platform, { key: prop.name, mode: 'query-data' }) : given;
}
