import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { LRUCache } from 'lru-cache';
import pg from 'pg';
import { assertShopScoped } from './shop-scope.js';
import { transactionOf } from './transactions.js';

/** A named, reviewable SQL statement with `$1, $2…` placeholders; static ones are prepared once per connection. */
export interface SqlStatement {
  readonly name?: string;
  readonly text: string;
}

/** What a statement runs for: the request's shop (every statement names `shop_id`) and its EntityManager. */
export interface SqlContext {
  readonly shop: { readonly id: number };
  readonly em: EntityManager;
}

// Listings build their statement per request (sort key, direction, shape): the name is hashed once per text.
// Bounded in bytes (a text's UTF-16 size, stored once, and the entry around it): 2 MiB holds every shape a
// listing makes many times over.
const NAMED_STATEMENTS_BYTES = 2 * 1024 * 1024;
const named = new LRUCache<string, SqlStatement>({ maxSize: NAMED_STATEMENTS_BYTES, sizeCalculation: (_statement, text) => 160 + text.length * 2 });

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
const INT8_ARRAY_OID = 1016;
const parseInt8Array = pg.types.getTypeParser(INT8_ARRAY_OID as never, 'text') as (value: string) => string[];
// Rows read the same in and out of a transaction: bigint ids (and arrays of them) as numbers, the rest as `pg` reads
// them (timestamps as Dates).
const TYPES = {
  getTypeParser: (oid: number, format?: string) =>
    oid === INT8_OID ? toNumber : oid === INT8_ARRAY_OID ? (value: string) => parseInt8Array(value).map(toNumber) : pg.types.getTypeParser(oid, format as 'text'),
};

const onPools = new WeakMap<pg.Pool, SqlPool>();

interface KyselyTransaction {
  executeQuery(query: object): Promise<{ rows: unknown[]; numAffectedRows?: bigint }>;
}

/**
 * The one way to run raw SQL: `$n` placeholders, bound values, no entity hydration. `rows`/`run` take the request's
 * ctx first; inside `inTransaction(ctx, em)` they run on that transaction's connection (committing or rolling back
 * with the ORM's writes), otherwise prepared on the pool, never forking an EntityManager. A statement that reads or
 * writes a table with a `shop_id` must name `shop_id` (checked once per statement text; `assertShopScoped`).
 * `unscoped` is the platform's own, before a request has a shop (tokens, installation).
 */
export class SqlPool {
  constructor(
    private readonly pool: pg.Pool,
    private readonly tenantTables: ReadonlySet<string>,
    private readonly ownsPool = false,
  ) {}

  /**
   * Raw SQL on the ORM's own connections (one pool for both), knowing which tables are a shop's (entities with a
   * `shopId`). The app's (DatabaseModule) and test factories' (`SqlPool.onOrm(ctx.em)`) are made so.
   */
  static async onOrm(em: EntityManager): Promise<SqlPool> {
    const pool = await em.getConnection().getNativeClient();
    let sql = onPools.get(pool);
    if (!sql) {
      const tenantTables = new Set([...em.getMetadata().getAll().values()].filter((meta) => meta.properties.shopId).map((meta) => meta.tableName));
      sql = new SqlPool(pool, tenantTables);
      onPools.set(pool, sql);
    }
    return sql;
  }

  /** A pool of its own (tests and tools); the app's shares the ORM's (DatabaseModule). */
  static open(url: string, poolSize: number, tenantTables: ReadonlySet<string> = new Set(), statementTimeoutMs?: number): SqlPool {
    const pool = new pg.Pool({ connectionString: url, max: poolSize, ...(statementTimeoutMs ? { statement_timeout: statementTimeoutMs } : {}) });
    // An idle client losing its connection must not crash the process; the pool replaces it.
    pool.on('error', () => undefined);
    return new SqlPool(pool, tenantTables, true);
  }

  /** The rows a statement returns for ctx's shop. */
  async rows<T>(ctx: SqlContext, statement: SqlStatement, values: readonly unknown[]): Promise<T[]> {
    return (await this.execute(ctx, statement, values)).rows as T[];
  }

  /** How many rows a statement changed for ctx's shop. */
  async run(ctx: SqlContext, statement: SqlStatement, values: readonly unknown[]): Promise<number> {
    return (await this.execute(ctx, statement, values)).count;
  }

  /**
   * The rows a statement returns in the transaction of `em` (a fork `em.transactional` hands its work), or on the pool
   * when it has none: for the kernel's helpers that are given an EntityManager rather than a request (`insertRows`).
   */
  async rowsOf<T>(em: EntityManager, statement: SqlStatement, values: readonly unknown[]): Promise<T[]> {
    return (await this.executeOn(em.getTransactionContext() as KyselyTransaction | undefined, statement, values)).rows as T[];
  }

  /** A statement of the platform's own, outside any request or shop (token lookup, installation rows). */
  async unscoped<T>(statement: SqlStatement, values: readonly unknown[]): Promise<T[]> {
    return (await this.pool.query(this.config(statement, values))).rows as T[];
  }

  /** The pool's connections now: open, idle, and requests waiting for one (metrics). */
  usage(): { total: number; idle: number; waiting: number } {
    return { total: this.pool.totalCount, idle: this.pool.idleCount, waiting: this.pool.waitingCount };
  }

  async close(): Promise<void> {
    if (this.ownsPool) await this.pool.end();
  }

  private execute(ctx: SqlContext, statement: SqlStatement, values: readonly unknown[]): Promise<{ rows: unknown[]; count: number }> {
    return this.executeOn(transactionOf(ctx)?.getTransactionContext() as KyselyTransaction | undefined, statement, values);
  }

  private async executeOn(transaction: KyselyTransaction | undefined, statement: SqlStatement, values: readonly unknown[]): Promise<{ rows: unknown[]; count: number }> {
    assertShopScoped(statement.text, this.tenantTables);
    const config = this.config(statement, values);
    if (!transaction) {
      const result = await this.pool.query(config);
      return { rows: result.rows, count: result.rowCount ?? 0 };
    }
    // The ORM's transaction runs on one connection of this pool through Kysely, which hands `sql` to pg's
    // `client.query(sql, parameters)` as it is: a query config there keeps the name and the row types above.
    const result = await transaction.executeQuery({ sql: config, parameters: config.values, query: { kind: 'RawNode', sqlFragments: [statement.text], parameters: [] } });
    return { rows: result.rows, count: Number(result.numAffectedRows ?? result.rows.length) };
  }

  private config(statement: SqlStatement, values: readonly unknown[]): pg.QueryConfig {
    return { name: statement.name, text: statement.text, values: values as unknown[], types: TYPES };
  }
}

function toNumber(value: string): number {
  return Number(value);
}
