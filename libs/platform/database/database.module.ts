import { type DynamicModule, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import type { EntityName } from '@mikro-orm/core';
import { MikroORM, PostgreSqlDriver } from '@mikro-orm/postgresql';
import { type MigrationEntry, ormConfig } from './orm-config.js';
import { SqlPool } from './sql-pool.js';

export interface DatabaseModuleOptions {
  url: string;
  migrations: MigrationEntry[];
  /** Connections of the one pool the ORM and raw SQL share (20: what two pools of 10 held before; docs/performance.md). */
  poolSize?: number;
  /** Postgres' statement_timeout on the pool (the HTTP server's bound on any one statement). */
  statementTimeoutMs?: number;
}

const DEFAULT_POOL_SIZE = 20;

/** What one statement of a request may take: the GraphQL execution deadline (docs/security.md). */
export const REQUEST_STATEMENT_TIMEOUT_MS = 10_000;

// Every entity a context registered in this process. @mikro-orm/nestjs keeps its own list, filled as the contexts'
// modules are evaluated and emptied when an app shuts down: a second app in the same process (a CLI command after
// another, or the test runner, which keeps modules between files) would find only the entities of modules evaluated
// after the first one stopped.
const FEATURE_ENTITIES = new Set<EntityName>();

@Module({})
export class DatabaseModule implements OnApplicationShutdown {
  constructor(@Inject(SqlPool) private readonly pool: SqlPool) {}

  /** The ORM for the whole process (entities come from each context's `forFeature`), and the SQL pool. */
  static forRoot(options: DatabaseModuleOptions): DynamicModule {
    return {
      module: DatabaseModule,
      global: true,
      imports: [
        // MikroORM's core module is global: the ORM and EntityManager are injectable everywhere.
        MikroOrmModule.forRootAsync({
          // Read when the app starts: every context's module has registered its entities by then.
          useFactory: () => ({
            ...ormConfig({ ...options, poolSize: options.poolSize ?? DEFAULT_POOL_SIZE, entities: [...FEATURE_ENTITIES] as never }),
            // Requests carry their own fork in RequestContext.em; no global middleware.
            registerRequestContext: false,
          }),
          driver: PostgreSqlDriver,
        }),
      ],
      providers: [{ provide: SqlPool, inject: [MikroORM], useFactory: (orm: MikroORM) => SqlPool.onOrm(orm.em) }],
      exports: [SqlPool],
    };
  }

  /** Registers a context's entities (and makes their repositories injectable inside it). */
  static forFeature(entities: EntityName[]): DynamicModule {
    for (const entity of entities) FEATURE_ENTITIES.add(entity);
    return MikroOrmModule.forFeature(entities as never);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.pool.close();
  }
}
