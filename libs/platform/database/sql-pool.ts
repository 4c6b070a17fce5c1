import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import pg from 'pg';

/** A named, reviewable SQL statement; static ones are prepared once per connection by Postgres. */
export interface SqlStatement {
  readonly name?: string;
  readonly text: string;
}

// Listings build their statement per request (sort key, direction, shape): the name is hashed once per text.
const named = new LRUCache<string, SqlStatement>({ max: 1000 });

/** A statement with a stable prepared-statement name derived from its text. */
export function preparedSql(text: string): SqlStatement {
  let statement = named.get(text);
  if (!statement) {
    statement = { name: `s_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`, text };
    named.set(text, statement);
  }
  return statement;
}

const INT8_OID = 20;

/**
 * Plain SQL on a pool of its own: no entity hydration, prepared statements, bigint ids as numbers. Hot reads
 * (storefront, admin lists, token lookup) and the buyer's one-statement writes outside any transaction (cart
 * mutations) run here; transactions stay on `ctx.em`. Every statement must scope itself to a shop (shop_id = $1).
 */
export class SqlPool {
  private readonly pool: pg.Pool;

  constructor(url: string, poolSize: number, statementTimeoutMs?: number) {
    this.pool = new pg.Pool({
      connectionString: url,
      max: poolSize,
      ...(statementTimeoutMs ? { statement_timeout: statementTimeoutMs } : {}),
      types: { getTypeParser: (oid: number, format?: string) => (oid === INT8_OID ? toNumber : pg.types.getTypeParser(oid, format as 'text')) },
    });
    // An idle client losing its connection must not crash the process; the pool replaces it.
    this.pool.on('error', () => undefined);
  }

  async rows<T>(statement: SqlStatement, values: readonly unknown[]): Promise<T[]> {
    const result = await this.pool.query({ name: statement.name, text: statement.text, values: values as unknown[] });
    return result.rows as T[];
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

function toNumber(value: string): number {
  return Number(value);
}
